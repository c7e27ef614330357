/**
 * A taker's start as the app makes it (src/features/test-taking/use-start-attempt.ts): a 503 with
 * Retry-After (the database briefly out of reach: server/plugins/app/errors.ts) is waited out, and a
 * random part of a second more, then tried again, for up to a minute. Such an answer is an expected
 * one, not an error; the time from the first try to the start that went through is kept, to be
 * reported beside the start requests' own latency and the server's own time on them.
 */
import { percentile } from './load.ts';
import type { Answer, TimedClient } from './timed-client.ts';

const PATIENCE_MS = 60_000;
/** From the first try to the start that went through, per taker (ms). */
const startedAfter: number[] = [];

export async function startWithRetries(
  client: TimedClient,
  server: number,
  path: string,
  body: unknown,
): Promise<Answer> {
  const send = () => client.request('start', server, 'POST', path, body, { expected: [503] });
  const first = performance.now();
  let answer = await send();
  while (answer.status === 503 && answer.retryAfter !== null && performance.now() - first < PATIENCE_MS) {
    await new Promise((resolve) => setTimeout(resolve, (answer.retryAfter ?? 1) * 1000 + Math.random() * 1000));
    answer = await send();
  }
  if (answer.status === 201) startedAfter.push(performance.now() - first);
  return answer;
}

/** The start's own server time apart from waiting, the starts answered 503, and the time to a start that went through. */
export function startLines(client: TimedClient): string {
  const own = client.serverTimes('start');
  const sorted = [...startedAfter].sort((a, b) => a - b);
  const busy = client.stats.get('start')?.statuses['503'] ?? 0;
  return (
    `start: the server's own time p50 ${percentile(own, 50).toFixed(1)} ms, p99 ${percentile(own, 99).toFixed(1)} ms ` +
    `(the rest of a start's latency is waiting to be read); ${busy} answered 503 and tried again; ` +
    `from the first try to the start: p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms ` +
    `(${sorted.length} started)`
  );
}
