/**
 * A connection of one browser context's own to the app, that a test can make worse: answers that
 * never get through while everything else does (bad school Wi-Fi), or no connection at all. The
 * context opens the app at this proxy's origin, so its page, service worker and workers all go
 * through it (Playwright's setOffline does not always reach workers).
 */
import { createServer, request, type Server } from 'node:http';
import type { Socket } from 'node:net';

export type ProxyMode = 'pass' | 'no-answers' | 'down';

export class FlakyProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  mode: ProxyMode = 'pass';

  constructor(
    readonly port: number,
    private readonly target: number,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.mode = 'pass';
    const server = createServer((incoming, outgoing) => {
      if (this.mode === 'no-answers' && incoming.method === 'POST' && /\/answer(\?|$)/.test(incoming.url ?? '')) {
        incoming.socket.destroy();
        return;
      }
      const forwarded = request(
        {
          host: '127.0.0.1',
          port: this.target,
          path: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      incoming.pipe(forwarded);
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  /** No connection at all: open connections drop and new ones are refused. */
  async down(): Promise<void> {
    this.mode = 'down';
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
