/** A Zalik server of a test's own, for tests that stop, start or change the server under a page. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A Zalik server of the test's own, on its own port and database, that can be stopped and started. */
export class OwnServer {
  private child: ChildProcess | null = null;
  readonly dataDir = mkdtempSync(join(tmpdir(), 'zalik-e2e-own-'));
  constructor(
    readonly port: number,
    private readonly env: Record<string, string> = {},
    /** What runs: the server itself, or e2e/serve.ts (the server with a local OpenID provider). */
    private readonly script = 'server/server.ts',
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    this.child = spawn(process.execPath, ['--import', 'tsx', this.script], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        // E2E_DIST_DIR: a build of its own, so that two runs on one machine do not share one dist/.
        DIST_DIR: process.env.E2E_DIST_DIR ?? 'dist',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: this.url,
        ...this.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const until = Date.now() + 30_000;
    for (;;) {
      try {
        if ((await fetch(`${this.url}/v1/public/main-page`)).ok) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > until) throw new Error(`the server on ${this.url} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** A hard stop, like a crash or a pulled plug. */
  kill() {
    return this.end('SIGKILL');
  }

  /** A stop as an operator's: the server finishes what it holds, then exits (or is killed after 10 s). */
  stop() {
    return this.end('SIGTERM');
  }

  private async end(signal: NodeJS.Signals) {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    const hard = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(hard);
    this.child = null;
  }
}
