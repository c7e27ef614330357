/**
 * The takers of the exam day (scripts/bench-exam-day.ts): each opens the test's page and keeps its
 * sealed payload, starts, answers, finishes and reads its results, as the app does on a device.
 */
import { randomUUID } from 'node:crypto';
import type { TakerBlock } from '../../contract/online.ts';
import type { PayloadKey, SealedPayload } from '../../contract/payload-keys.ts';
import { sampleAnswer } from '../../contract/question-types/registry.ts';
import { inAttemptOrder, openSealedPayload } from '../../contract/sealed-payload.ts';
import { type GivenAssignment, wallNow, watchedAt, windowAt } from './assignment-scenario.ts';
import {
  ANSWER_S,
  FINISH_S,
  HEARTBEAT_MS,
  LESSON,
  MEAN_GAP_S,
  OFFLINE_SHARE,
  PREVIEW_S,
  RESTART_S,
  START_S,
} from './exam-day-config.ts';
import { maybeSignal } from './pool-signals.ts';
import { phase, RetryingOutbox, type Sent } from './restart-scenario.ts';
import { deviceRoom } from './room-message.ts';
import { startWithRetries } from './start-retry.ts';
import type { TimedClient } from './timed-client.ts';

/** What the run learns as it goes: shared by the takers, the report and the check of what was stored. */
export const run = {
  /** The assignment the takers take, in `npm run bench:assignment`. */
  given: null as GivenAssignment | null,
  /** BENCH_POOLS_SIGNALS=1: a second one, pooled and collecting signals, taken by every other taker (pool-signals.ts). */
  pooled: null as GivenAssignment | null,
  /** How many server processes there are (the first one serves the tutor's monitor). */
  servers: 1,
  /** version → its sealed payload, as every device keeps it */
  payloads: new Map<number, Promise<SealedPayload | null>>(),
  /** key → the blocks it opened */
  opened: new Map<string, Promise<TakerBlock[]>>(),
  /** session → answer ids answered with a 2xx */
  acknowledged: new Map<string, Set<string>>(),
  /** session/question pairs with an answer acknowledged */
  answeredQuestions: new Set<string>(),
  /** When each of those was first acknowledged, wall-clock ms, in order. */
  answeredAt: [] as number[],
  /** Sessions whose finish was acknowledged. */
  finished: new Set<string>(),
  /** How late the generator sent what the scenario scheduled, ms. */
  lags: [] as number[],
  /** An assignment's answers sent online one by one: sent at, in which window, and whether to the process the monitor reads from. */
  windowedAnswers: [] as { at: number; ms: number; window: number; reader: boolean; pooled: boolean }[],
};

interface Question {
  id: string;
  type: string;
  options?: { id: string }[];
}
interface Answer {
  answer_id: string;
  question_id: string;
  value: unknown;
  answered_at: number;
}

const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
const exponential = (mean: number) => -Math.log(1 - Math.random()) * mean;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

const valueFor = (question: Question): unknown => sampleAnswer(question);

/**
 * The page before the start and its sealed payload. Every device fetches its own copy (the server
 * sends every byte); the generator keeps one, since they are the same bytes.
 */
async function preview(client: TimedClient, server: number, given: GivenAssignment | null) {
  const page = given
    ? await client.request('preview', server, 'GET', `/v1/public/assignments/${given.code}`)
    : await client.request('preview', server, 'GET', `/v1/public/lessons/${LESSON}`);
  const version = (page.body as { data?: { version?: number } })?.data?.version;
  if (version === undefined) return null;
  // Only the first copy is read (the others are the same bytes); a copy that arrives before it waits for it.
  const kept = run.payloads.get(version);
  const fetched = client.request(
    'payload',
    server,
    'GET',
    `/v1/public/lesson-versions/${version}/payload/en`,
    undefined,
    {
      read: !kept,
    },
  );
  if (!kept)
    run.payloads.set(
      version,
      fetched.then((reply) =>
        reply.status === 200 ? ((reply.body as { data?: SealedPayload } | null)?.data ?? null) : null,
      ),
    );
  if ((await fetched).status !== 200) return null;
  return (await run.payloads.get(version)) ?? null;
}

/** The questions the start's key opens from the kept payload: run.opened once per key, as each device does once. */
async function questionsFrom(payload: SealedPayload, key: PayloadKey): Promise<Question[]> {
  let blocks = run.opened.get(key.key);
  if (!blocks) {
    blocks = openSealedPayload(payload, key);
    run.opened.set(key.key, blocks);
  }
  return inAttemptOrder(await blocks, key.order).flatMap((block) => block.questions as Question[]);
}

/** One taker's day: the page, the start, the answers (offline for some), the finish and the results. */
export async function taker(client: TimedClient, index: number, t0: number): Promise<void> {
  const server = index;
  const offline = Math.random() < OFFLINE_SHARE;
  const startAt = t0 + Math.random() * START_S * 1000;
  await sleepUntil(t0 - Math.random() * PREVIEW_S * 1000);
  const given = run.pooled && index % 2 === 1 ? run.pooled : run.given;
  const kept = await preview(client, server, given);
  await sleepUntil(startAt);
  const started = given
    ? await startWithRetries(client, server, `/v1/public/assignments/${given.code}/start`, {
        display_name: `Taker ${index + 1}`,
      })
    : await startWithRetries(client, server, `/v1/public/lessons/${LESSON}/start`, {});
  if (started.status !== 201) return;
  const session = (
    started.body as { data: { uuid: string; api_token: string; blocks: { id: string }[]; sealed?: PayloadKey } }
  ).data;
  const query = `api_token=${session.api_token}`;
  const base = `/v1/public/lessons/online/${session.uuid}`;
  // The start's answer is the session (the app reads it again only when it resumes); with the
  // payload kept and its key given, no block is fetched.
  const questions =
    kept && session.sealed
      ? await questionsFrom(kept, session.sealed)
      : (
          await Promise.all(
            session.blocks.map((block) =>
              client.request('block', server, 'GET', `${base}/blocks/${block.id}?${query}`),
            ),
          )
        ).flatMap((block) => (block.body as { data?: { questions?: Question[] } })?.data?.questions ?? []);
  if (questions.length === 0) return;
  const mine = new Set<string>();
  run.acknowledged.set(session.uuid, mine);
  const devicesRoom = given && given === run.given ? deviceRoom(client, server, base, session) : null;

  const answerEnd = t0 + (START_S + ANSWER_S) * 1000;
  const finishAt = answerEnd + Math.random() * FINISH_S * 1000;
  const reconnectAt =
    offline && Math.random() < 0.5 ? performance.now() + Math.random() * (answerEnd - performance.now()) : finishAt;
  let queued: Answer[] = [];
  let lastContact = performance.now();
  // In an assignment the answer path is filed by whether the tutor's monitor was open meanwhile.
  // With a restart, by whether the server was there.
  const named = (what: string) =>
    (run.given ? `${what} [${watchedAt(t0) ? 'tutor watching' : 'nobody watching'}]` : what) +
    (RESTART_S > 0 ? phase() : '');
  const acknowledge = (item: Answer) => {
    mine.add(item.answer_id);
    const key = `${session.uuid}/${item.question_id}`;
    if (!run.answeredQuestions.has(key)) {
      run.answeredQuestions.add(key);
      // The monitor watches the plain assignment: only its takers' answers are what it must show.
      if (run.given && given === run.given) run.answeredAt.push(wallNow());
    }
  };
  const sendBatch = async () => {
    if (queued.length === 0) return;
    const batch = queued;
    queued = [];
    const unsent = run.given ? '&unsent=0' : '';
    const answer = await client.request(
      named('answer (batch)'),
      server,
      'POST',
      `${base}/answer?${query}${unsent}`,
      batch,
    );
    const results = (answer.body as { data?: { results?: { answer_id: string | null; status: number }[] } })?.data
      ?.results;
    if (answer.status >= 200 && answer.status < 300 && results) {
      lastContact = performance.now();
      for (const item of results) {
        const sent = batch.find((a) => a.answer_id === item.answer_id);
        if (sent && item.status >= 200 && item.status < 300) acknowledge(sent);
      }
    }
  };
  /** Waits until `at`; an assigned attempt's device online sends its heartbeats meanwhile. */
  const waitUntil = async (at: number) => {
    const reachable = !offline || performance.now() >= reconnectAt;
    while (run.given && reachable && lastContact + HEARTBEAT_MS < at) {
      await sleepUntil(lastContact + HEARTBEAT_MS);
      const beat = await client.request(
        'heartbeat',
        server,
        'POST',
        `${base}/heartbeat`,
        { api_token: session.api_token, unsent: 0 },
        { read: false },
      );
      lastContact = performance.now();
      if (beat.status >= 300) break;
    }
    await sleepUntil(at);
  };

  // With a restart, answers go out as the app sends them: queued, retried until the server takes them.
  const outbox =
    RESTART_S > 0
      ? new RetryingOutbox(async (batch): Promise<Sent> => {
          const one = batch.length === 1 ? batch[0] : undefined;
          const reply = await client.request(
            named(one ? 'answer' : 'answer (batch)'),
            server,
            'POST',
            `${base}/answer?${query}`,
            one ?? batch,
          );
          const final = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;
          if (one) {
            if (reply.status === 200 || reply.status === 201) {
              acknowledge(one);
              return { acknowledged: [one.answer_id], settled: [one.answer_id] };
            }
            return final(reply.status) ? { acknowledged: [], settled: [one.answer_id] } : null;
          }
          const results = (reply.body as { data?: { results?: { answer_id: string | null; status: number }[] } })?.data
            ?.results;
          if (reply.status !== 200 || !results) return final(reply.status) ? { acknowledged: [], settled: [] } : null;
          const sent: NonNullable<Sent> = { acknowledged: [], settled: [] };
          for (const item of results) {
            const answer = batch.find((a) => a.answer_id === item.answer_id);
            if (!answer) continue;
            if (item.status >= 200 && item.status < 300) {
              acknowledge(answer);
              sent.acknowledged.push(answer.answer_id);
              sent.settled.push(answer.answer_id);
            } else if (final(item.status)) sent.settled.push(answer.answer_id);
          }
          return sent;
        })
      : null;

  let at = performance.now() + exponential(MEAN_GAP_S) * 1000;
  while (at < answerEnd) {
    await waitUntil(at);
    run.lags.push(performance.now() - at);
    const question = pick(questions);
    const item = {
      answer_id: randomUUID(),
      question_id: question.id,
      value: valueFor(question),
      answered_at: Date.now(),
    };
    if (outbox) outbox.add(item);
    else if (offline && performance.now() < reconnectAt) queued.push(item);
    else {
      await sendBatch();
      const window = windowAt(t0);
      // As the app's outbox sends it: a batch, saying how many wait beyond it (for an assignment's
      // attempt a heartbeat too, whose reply brings the exam room's stamp).
      const answer = await client.request(named('answer'), server, 'POST', `${base}/answer?${query}&unsent=0`, [item]);
      const reply = (answer.body as { data?: { results?: { status: number }[]; room?: string } } | null)?.data;
      const status = reply?.results?.[0]?.status ?? 0;
      const pooled = given !== null && given === run.pooled;
      if (run.given)
        run.windowedAnswers.push({ at: answer.at, ms: answer.ms, window, reader: server % run.servers === 0, pooled });
      if (reply?.room !== undefined) devicesRoom?.stamp(reply.room);
      if (answer.status === 200 && status >= 200 && status < 300) {
        lastContact = performance.now();
        devicesRoom?.answered();
        acknowledge(item);
        if (pooled) await maybeSignal(client, server, `${base}/signals?${query}`);
      }
    }
    at += exponential(MEAN_GAP_S) * 1000;
  }

  await waitUntil(finishAt);
  run.lags.push(performance.now() - finishAt);
  await outbox?.drained();
  await sendBatch();
  const finish = await client.request(
    'finish',
    server,
    'POST',
    `${base}/finish?${query}`,
    { reason: 'timeout' },
    { read: false },
  );
  if (finish.status >= 200 && finish.status < 300) run.finished.add(session.uuid);
  await client.request('results', server, 'GET', `${base}/results?${query}`, undefined, { read: false });
}
