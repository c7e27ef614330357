/** The exam day's settings, from the environment (scripts/bench-exam-day.ts says what each does). */
import { availableParallelism } from 'node:os';

export const TAKERS = Number(process.env.BENCH_TAKERS ?? 2000);
export const START_S = Number(process.env.BENCH_START_SECONDS ?? 60);
// An assignment's run answers longer: its two sets of answers (watched or not) need a tail each,
// and with 120 s (14,000 answers a set) a p99 of 7 ms moved by a millisecond between runs by chance.
export const ANSWER_S = Number(process.env.BENCH_ANSWER_SECONDS ?? (process.env.BENCH_ASSIGNMENT === '1' ? 300 : 60));
export const FINISH_S = 30;
/**
 * Before its start each taker's device opens the test's page (its rules, or an assignment's lobby)
 * at a random moment within this many seconds before the start window, and fetches the test's
 * sealed payload there, as the app does: the start then brings only the key.
 */
export const PREVIEW_S = Number(process.env.BENCH_PREVIEW_SECONDS ?? 30);
// An assignment's run answers more often (every 10 s on average): a p99 is compared between its two
// sets of answers, and a few thousand answers in each leave that comparison to chance.
export const MEAN_GAP_S = Number(
  process.env.BENCH_ANSWER_GAP_SECONDS ?? (process.env.BENCH_ASSIGNMENT === '1' ? 10 : 30),
);
/** BENCH_RESTART_SECONDS: the server stops mid-exam and is away this long (restart-scenario.ts). */
export const RESTART_S = Number(process.env.BENCH_RESTART_SECONDS ?? 0);
// With a restart every taker is online: what is measured is the outage's own queue.
export const OFFLINE_SHARE = Number(process.env.BENCH_OFFLINE_SHARE ?? (RESTART_S > 0 ? 0 : 0.1));
// A restarted server must answer the queued answers of the whole class at once: under 1 s.
export const P99_BUDGET_MS = Number(process.env.BENCH_P99_MS ?? (RESTART_S > 0 ? 1_000 : 300));
export const LESSON = process.env.BENCH_LESSON ?? 'linear-equations';
export const postgres = process.env.DATABASE_URL;
export const SERVERS = postgres ? Number(process.env.BENCH_SERVERS ?? availableParallelism()) : 1;
export const ASSIGNMENT = process.env.BENCH_ASSIGNMENT === '1';
/** An assigned attempt's device says it is there after this long without contact (contract/online.ts). */
export const HEARTBEAT_MS = 15_000;
if (!(TAKERS > 0 && TAKERS <= 100_000)) throw new Error('BENCH_TAKERS must be 1..100000');
