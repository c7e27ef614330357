/**
 * The exam room under load (`npm run bench:assignment`): half way through the answers the tutor
 * sends one message to everyone, and each taker's device does what the app does
 * (src/features/test-taking/offline/use-heartbeat.ts): an answer batch whose room stamp its last
 * heartbeat did not bring sends a heartbeat at once; a message the heartbeat brings is shown, and
 * acknowledged with a heartbeat at the app's next check (within 5 s; here 2.5 s, the mean). The run
 * then says how soon the takers who kept answering had it, and the tutor's list must show it
 * delivered to every one of them.
 */
import { roomStamp } from '../../contract/online.ts';
import { call, expectStatus, type GivenAssignment, wallNow } from './assignment-scenario.ts';
import { percentile } from './load.ts';
import type { TimedClient } from './timed-client.ts';

/** The app's check runs every 5 s: a shown message is acknowledged at the next, on average 2.5 s later. */
const ACK_AFTER_MS = 2_500;
/** A taker answering this long after the message (its next answer's stamp, a heartbeat, an acknowledgement) must have it delivered. */
const GRACE_MS = 15_000;

export const room = {
  /** Wall-clock ms when the tutor's message was acknowledged; 0 before. */
  sentAt: 0,
  messageId: '',
  /** session → wall-clock ms when its device was shown the message. */
  shown: new Map<string, number>(),
  /** Sessions that had an answer acknowledged GRACE_MS or more after the message: they must have it. */
  answering: new Set<string>(),
};

/** Sends the message at `at` (performance.now() ms), as the tutor does from the monitor. */
export async function sendMessageAt(port: number, given: GivenAssignment, at: number) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
  const text = 'Question 12 has a misprint: read "metre" for "meter".';
  const sent = await call(port, 'POST', `/v1/tutor/assignments/${given.id}/messages`, { text }, given.token);
  room.messageId = String(expectStatus(sent, 201, 'message').data.id);
  room.sentAt = wallNow();
}

/** One device's side of the room: told each answer batch's stamp and each acknowledged answer. */
export function deviceRoom(
  client: TimedClient,
  server: number,
  base: string,
  { uuid: session, api_token: apiToken }: { uuid: string; api_token: string },
) {
  // As the app's hook: at first the stamp of the room as the device keeps it (nothing in it yet).
  let heard: string | undefined = roomStamp(null, 0);
  let asking = false;
  const beat = async (seen: string[]) => {
    const reply = await client.request('heartbeat (room)', server, 'POST', `${base}/heartbeat`, {
      api_token: apiToken,
      unsent: 0,
      ...(seen.length ? { seen } : {}),
    });
    return (reply.body as { data?: { room?: string; messages?: { id: string }[] } } | null)?.data;
  };
  return {
    /** An answer batch's reply brought this stamp. */
    stamp(stamp: string) {
      if (stamp === heard || asking) return;
      asking = true;
      void (async () => {
        const data = await beat([]);
        heard = data?.room;
        const fresh = (data?.messages ?? []).map((m) => m.id);
        if (fresh.includes(room.messageId)) room.shown.set(session, wallNow());
        if (fresh.length) {
          await new Promise((resolve) => setTimeout(resolve, ACK_AFTER_MS));
          await beat(fresh);
        }
      })().finally(() => {
        asking = false;
      });
    },
    /** An answer of this device was acknowledged now. */
    answered() {
      if (room.sentAt > 0 && wallNow() - room.sentAt >= GRACE_MS) room.answering.add(session);
    },
  };
}

/** After the run: how soon the message was shown, and whether the tutor sees it delivered to every taker still answering. */
export async function roomReport(port: number, given: GivenAssignment) {
  const list = expectStatus(
    await call(port, 'GET', `/v1/tutor/assignments/${given.id}/messages`, undefined, given.token),
    200,
    'messages',
  ).data as unknown as { id: string; recipients: { session: string; delivered_at: number | null }[] }[];
  const recipients = list.find((m) => m.id === room.messageId)?.recipients ?? [];
  const delivered = new Set(recipients.filter((r) => r.delivered_at !== null).map((r) => r.session));
  const missed = [...room.answering].filter((session) => !delivered.has(session));
  const waits = [...room.shown.values()].map((at) => (at - room.sentAt) / 1000).sort((a, b) => a - b);
  const line =
    `exam room: a message to everyone half way; shown on ${room.shown.size} devices after a median ` +
    `${percentile(waits, 50).toFixed(1)} s, p95 ${percentile(waits, 95).toFixed(1)} s, the last ${(waits.at(-1) ?? 0).toFixed(1)} s; ` +
    `the tutor's list: delivered to ${delivered.size} of ${recipients.length}; of the ${room.answering.size} takers ` +
    `answering ${GRACE_MS / 1000} s or more after it, ${missed.length} without it (target 0)`;
  return { line, pass: room.sentAt > 0 && room.answering.size > 0 && missed.length === 0 };
}
