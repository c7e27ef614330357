/**
 * JSON over keep-alive HTTP to one or more loopback servers, every request timed and filed under
 * its endpoint's name, for open-loop benchmarks (requests leave when the scenario says, not when
 * the previous one answered).
 */
import http from 'node:http';
import { percentile } from './load.ts';

export interface Answer {
  status: number;
  body: unknown;
  /** Sent at (wall-clock ms) and answered after (ms). */
  at: number;
  ms: number;
  /** The server's Retry-After, seconds, when it said one. */
  retryAfter: number | null;
}

interface EndpointStats {
  latencies: number[];
  /** When each request of `latencies` was sent (performance.now()), for the timeline. */
  sentAt: number[];
  errors: number;
  /** By status; a request with no answer by its error's code after a 0 (`0 ECONNRESET`). */
  statuses: Record<string, number>;
  /** The server's own time on each request (its Server-Timing `app;dur`), apart from any wait before it. */
  serverMs: number[];
}

const MAX_FAILURES_KEPT = 10;

export class TimedClient {
  private readonly agents: http.Agent[];
  readonly stats = new Map<string, EndpointStats>();
  private inFlight = 0;
  peakInFlight = 0;
  /** Requests sent again because the server had just closed the idle keep-alive connection they took. */
  staleRetries = 0;
  /**
   * The first few requests that got no answer at all, with what the socket had been: a reset on a
   * fresh connection is the server's (or the kernel's) doing, one on a reused connection may be a
   * keep-alive race the client lost.
   */
  readonly failures: { endpoint: string; code: string; reusedSocket: boolean; retried: boolean; afterMs: number }[] =
    [];

  constructor(
    private readonly ports: number[],
    socketsPerServer: number,
  ) {
    this.agents = ports.map(() => new http.Agent({ keepAlive: true, maxSockets: socketsPerServer }));
  }

  /** Sends to server `server % ports`; a status outside 2xx, or no answer, counts as an error. */
  request(
    endpoint: string,
    server: number,
    method: string,
    path: string,
    body?: unknown,
    options: { headers?: Record<string, string>; retried?: boolean; read?: boolean; expected?: number[] } = {},
  ): Promise<Answer> {
    // `read: false`: the answer is received to its last byte and timed, but not kept or parsed (its
    // body is null): thousands of devices' parsing would be this one process's, not the server's.
    const { headers = {}, retried = false, read = true, expected = [] } = options;
    const index = server % this.ports.length;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const stats = this.statsOf(endpoint);
    const started = performance.now();
    const at = performance.timeOrigin + started;
    this.inFlight += 1;
    this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
    return new Promise<Answer>((resolve) => {
      const done = (status: number, text: string | null, code?: string, said: http.IncomingHttpHeaders = {}) => {
        this.inFlight -= 1;
        const ms = performance.now() - started;
        stats.latencies.push(ms);
        stats.sentAt.push(started);
        const key = status === 0 ? `0 ${code ?? 'unknown'}` : String(status);
        stats.statuses[key] = (stats.statuses[key] ?? 0) + 1;
        if ((status < 200 || status >= 300) && !expected.includes(status)) stats.errors += 1;
        const own = /app;dur=([\d.]+)/.exec(String(said['server-timing'] ?? ''))?.[1];
        if (own !== undefined) stats.serverMs.push(Number(own));
        const retryAfter = said['retry-after'] === undefined ? null : Number(said['retry-after']);
        let parsed: unknown = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = text;
        }
        resolve({ status, body: parsed, at, ms, retryAfter });
      };
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.ports[index],
          method,
          path,
          agent: this.agents[index],
          headers: {
            ...headers,
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            if (read) chunks.push(chunk);
          });
          res.on('end', () =>
            done(res.statusCode ?? 0, read ? Buffer.concat(chunks).toString('utf8') : null, undefined, res.headers),
          );
          res.on('error', (error: NodeJS.ErrnoException) => done(0, null, error.code ?? error.message));
        },
      );
      req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
      req.on('error', (error: NodeJS.ErrnoException) => {
        // The server closed an idle keep-alive connection as this request took it: browsers send
        // such a request again on a new connection, and so does this client (once, and counted).
        if (req.reusedSocket && error.code === 'ECONNRESET' && !retried) {
          this.inFlight -= 1;
          this.staleRetries += 1;
          resolve(this.request(endpoint, server, method, path, body, { headers, retried: true, read, expected }));
          return;
        }
        if (this.failures.length < MAX_FAILURES_KEPT)
          this.failures.push({
            endpoint,
            code: error.code ?? error.message,
            reusedSocket: req.reusedSocket,
            retried,
            afterMs: Math.round(performance.now() - started),
          });
        done(0, null, error.code ?? error.message);
      });
      if (payload) req.write(payload);
      req.end();
    });
  }

  private statsOf(endpoint: string): EndpointStats {
    let stats = this.stats.get(endpoint);
    if (!stats) {
      stats = { latencies: [], sentAt: [], errors: 0, statuses: {}, serverMs: [] };
      this.stats.set(endpoint, stats);
    }
    return stats;
  }

  /** The server's own times of an endpoint's requests (Server-Timing), sorted. */
  serverTimes(endpoint: string): number[] {
    return [...(this.stats.get(endpoint)?.serverMs ?? [])].sort((a, b) => a - b);
  }

  /** The table, and the worst p99 and the errors over the endpoints `counted` says count. */
  report(
    seconds: number,
    counted: (endpoint: string) => boolean = () => true,
  ): { rows: string[][]; worstP99: number; errors: number; requests: number } {
    const rows = [['endpoint', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'statuses']];
    let worstP99 = 0;
    let errors = 0;
    let requests = 0;
    for (const [endpoint, stats] of [...this.stats].sort()) {
      const sorted = [...stats.latencies].sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      if (counted(endpoint)) {
        worstP99 = Math.max(worstP99, p99);
        errors += stats.errors;
      }
      requests += sorted.length;
      rows.push([
        endpoint,
        String(sorted.length),
        (sorted.length / seconds).toFixed(1),
        percentile(sorted, 50).toFixed(1),
        percentile(sorted, 95).toFixed(1),
        p99.toFixed(1),
        String(stats.errors),
        Object.entries(stats.statuses)
          .map(([status, count]) => `${status}:${count}`)
          .join(' '),
      ]);
    }
    return { rows, worstP99, errors, requests };
  }

  /**
   * The run's course, window by window: each window's requests and its worst endpoint's p99, to see
   * where in the run a tail came from (the starts, the answers, the deadline).
   */
  timeline(
    windowMs: number,
    counted: (endpoint: string) => boolean = () => true,
    /** Said after each window's p99s, given the window's start and end (performance.now()). */
    annotate: (from: number, to: number) => string = () => '',
  ): string[] {
    const windows = new Map<number, Map<string, number[]>>();
    const origin = Math.min(...[...this.stats.values()].map((s) => s.sentAt[0] ?? Number.POSITIVE_INFINITY));
    for (const [endpoint, stats] of this.stats) {
      if (!counted(endpoint)) continue;
      for (const [i, at] of stats.sentAt.entries()) {
        const w = Math.floor((at - origin) / windowMs);
        const byEndpoint = windows.get(w) ?? new Map<string, number[]>();
        windows.set(w, byEndpoint);
        const list = byEndpoint.get(endpoint) ?? [];
        byEndpoint.set(endpoint, list);
        list.push(stats.latencies[i] as number);
      }
    }
    return [...windows.keys()]
      .sort((a, b) => a - b)
      .map((w) => {
        const byEndpoint = windows.get(w) as Map<string, number[]>;
        const cells = [...byEndpoint]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(
            ([endpoint, list]) =>
              `${endpoint} ${list.length} p99 ${percentile(
                list.sort((a, b) => a - b),
                99,
              ).toFixed(0)}`,
          );
        const from = origin + w * windowMs;
        return `${((w * windowMs) / 1000).toFixed(0).padStart(4)} s: ${cells.join(', ')}${annotate(from, from + windowMs)}`;
      });
  }

  close(): void {
    for (const agent of this.agents) agent.destroy();
  }
}
