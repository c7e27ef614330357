/**
 * A small closed-loop HTTP load generator for loopback benchmarks: a fixed number of connections,
 * each sending its next request when the last one answered, bounded in time and in count.
 */
import http from 'node:http';

export interface LoadOptions {
  port: number;
  connections: number;
  durationMs: number;
  maxRequests: number;
  /** Makes the next request: method, path and JSON body. */
  next: (i: number) => { method: string; path: string; body?: unknown };
  /** Which status codes count as success. */
  ok?: (status: number) => boolean;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<number, number>;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const ok = options.ok ?? ((s) => s >= 200 && s < 300);
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  const until = started + options.durationMs;

  function send(): Promise<void> {
    const i = issued++;
    const { method, path, body } = options.next(i);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const t0 = performance.now();
    return new Promise((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: options.port,
          method,
          path,
          agent,
          headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {},
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - t0);
            const status = res.statusCode ?? 0;
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (!ok(status)) errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(payload);
    });
  }

  async function worker() {
    while (performance.now() < until && issued < options.maxRequests) await send();
  }
  await Promise.all(Array.from({ length: options.connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    statuses,
  };
}

/**
 * Each set's (by `setOf`) median over its windows of each window's own answer p99, and over how many
 * windows; a window with fewer than `minimum` answers of a set has no p99 of its own worth the name.
 */
export function medianWindowP99<A extends { window: number; ms: number }>(
  answers: A[],
  setOf: (answer: A) => string,
  minimum = 100,
) {
  const byWindow = new Map<string, { set: string; list: number[] }>();
  for (const answer of answers) {
    const set = setOf(answer);
    const key = `${answer.window}:${set}`;
    const entry = byWindow.get(key) ?? { set, list: [] };
    entry.list.push(answer.ms);
    byWindow.set(key, entry);
  }
  const p99s = new Map<string, number[]>();
  for (const { set, list } of byWindow.values()) {
    if (list.length < minimum) continue;
    const own = p99s.get(set) ?? [];
    own.push(
      percentile(
        list.sort((a, b) => a - b),
        99,
      ),
    );
    p99s.set(set, own);
  }
  const typical: Record<string, { p99: number; windows: number }> = {};
  for (const [set, list] of p99s)
    typical[set] = {
      p99: percentile(
        list.sort((a, b) => a - b),
        50,
      ),
      windows: list.length,
    };
  return typical;
}
