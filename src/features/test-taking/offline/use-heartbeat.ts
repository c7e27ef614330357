import { useEffect } from 'react';
import { isApiError } from '../../../../api-client/api-error.ts';
import { heartbeat } from '../../../../contract/endpoints/sessions.ts';
import { HEARTBEAT_MS } from '../../../../contract/online.ts';
import { withOutboxLock } from '../../../../offline-queue/background-sync.ts';
import { api } from '../../../shared/api/index.ts';
import { isAssignedSlug } from '../assigned-slug.ts';
import type { RoomLink } from '../exam-room/use-exam-room.ts';
import type { ServerClock } from '../server-clock.ts';
import type { OfflineRuntime } from './runtime.ts';

/** How often the hook looks whether a heartbeat is due (it is sent at most every HEARTBEAT_MS). */
const CHECK_MS = 5_000;
/** A heartbeat holds the outbox lock while it is out: it gives up long before answers would mind. */
const HEARTBEAT_TIMEOUT_MS = 10_000;

/**
 * An assigned attempt tells the tutor's monitor it is there, and how many answers this device
 * holds unsent: at most every HEARTBEAT_MS, and not at all while answers go out (each batch says
 * the same), and at once when the connection comes back. The answer carries the deadline, which a
 * tutor's extra time or pause may have moved, and the exam room's messages and pause (`room`), with
 * the messages shown here since the last one acknowledged. A taker who keeps answering would
 * otherwise hear of the room only when they stop: so a batch's answer brings the room's stamp, and
 * a stamp the last heartbeat did not bring sends one at once; messages shown and not yet
 * acknowledged send one at the next check (the tutor sees them delivered within seconds). While
 * paused every check sends one: the server moves deadlines by the pause's length, so the questions
 * must come back within a check of the resume, not a heartbeat's 15 s later; so does a device that
 * has lost the server, or a page that has not heard it yet, to hear it back within a check. The count is taken and
 * sent holding the outbox lock, which the sender holds for each batch: otherwise a count taken before
 * a batch could reach the server after it (both sent the moment the connection is back) and show the
 * tutor answers as still waiting.
 */
export function useHeartbeat(
  runtime: OfflineRuntime,
  record: { uuid: string; api_token: string; slug: string },
  clock: ServerClock,
  running: boolean,
  room?: RoomLink,
): void {
  const { uuid, api_token: apiToken, slug } = record;
  useEffect(() => {
    if (!running || !isAssignedSlug(slug)) return;
    let lastContact = performance.now();
    let sending = false;
    // Asked for while one was out (which may have read the room before it changed): one more after it.
    let again = false;
    // The room's stamp as the last heartbeat brought it; at first, as the room kept here stands
    // (a new device's first answers then ask nothing of a room with nothing in it).
    let heardRoom = room?.stamp();
    const stopListening = runtime.onServerTime((session) => {
      if (session === uuid) lastContact = performance.now();
    });
    const stopRoom = runtime.onRoom((session, stamp) => {
      if (session === uuid && stamp !== heardRoom) void send();
    });
    const send = async (): Promise<void> => {
      if (sending) {
        again = true;
        return;
      }
      sending = true;
      again = false;
      lastContact = performance.now();
      try {
        await withOutboxLock(async () => {
          const unsent = await runtime.db.outbox
            .where('session')
            .equals(uuid)
            .filter((entry) => entry.kind === 'answer' && entry.state === 'queued')
            .count();
          const sentAt = clock.stamp();
          const seen = room?.seen() ?? [];
          const receipt = await api(heartbeat, {
            params: { uuid },
            body: { api_token: apiToken, unsent, ...(seen.length ? { seen } : {}) },
            timeoutMs: HEARTBEAT_TIMEOUT_MS,
          });
          clock.sync(receipt.server_now, sentAt);
          runtime.reached(true);
          runtime.deadlineSaid(uuid, receipt.deadline);
          room?.heard(receipt, seen);
          heardRoom = receipt.room;
        });
      } catch (error) {
        // No connection: the monitor shows this device offline until it is back.
        runtime.reached(!(isApiError(error) && error.kind === 'network'));
      } finally {
        sending = false;
      }
      if (again) return send();
    };
    const timer = setInterval(() => {
      const asked = room !== undefined && (room.seen().length > 0 || room.paused());
      // Out of reach, or not yet heard by this page (reloaded in an outage), every check asks: the
      // device learns of the return within a check, not a heartbeat later (the monitor shows it
      // back, and its offline period ends near the real end).
      const probing = !runtime.reachable() || !runtime.heard();
      if (asked || probing || performance.now() - lastContact >= HEARTBEAT_MS) void send();
    }, CHECK_MS);
    const back = () => void send();
    window.addEventListener('online', back);
    return () => {
      stopListening();
      stopRoom();
      clearInterval(timer);
      window.removeEventListener('online', back);
    };
  }, [runtime, uuid, apiToken, slug, clock, running, room]);
}
