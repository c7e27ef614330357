import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl } from './test/helpers.ts';
import { freePort } from './test/ports.ts';

const schema = `cluster_${process.pid}`;

function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: { ...process.env, DIST_DIR: 'none', LOG_LEVEL: 'info', DATABASE_URL: '', REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );

const listeningLines = (output: string) =>
  output.split('\n').filter((line) => line.includes('Server listening')).length;

/** The processes a process started (Linux keeps the list in /proc). */
const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

afterAll(async () => {
  if (!databaseUrl) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
});

describe('several server processes (WORKERS)', () => {
  it('refuses several processes on the embedded SQLite database, or without Redis, saying why', async () => {
    const sqlite = start({ WORKERS: '2', PORT: String(await freePort()) });
    expect(await exited(sqlite.child)).toBe(1);
    expect(sqlite.output()).toMatch(/WORKERS above 1 needs PostgreSQL \(DATABASE_URL\)/);
    const noRedis = start({ WORKERS: '2', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(await exited(noRedis.child)).toBe(1);
    expect(noRedis.output()).toMatch(/WORKERS above 1 needs REDIS_URL/);
  }, 30_000);

  it.runIf(databaseUrl)(
    'serves from n processes on one port with PostgreSQL and Redis, and stops them all on SIGTERM',
    async () => {
      const port = await freePort();
      const server = start({
        WORKERS: '2',
        PORT: String(port),
        DATABASE_URL: databaseUrl ?? '',
        DATABASE_SCHEMA: schema,
        REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      });
      const base = `http://127.0.0.1:${port}`;
      let ready = false;
      for (let i = 0; i < 300 && !ready; i++) {
        ready = await fetch(`${base}/ready`).then(
          (res) => res.status === 200,
          () => false,
        );
        if (!ready) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready, server.output()).toBe(true);
      // Both workers up: each has logged its listening (the first can answer /ready before the
      // second has started; a stop then is the next test's case).
      for (let i = 0; i < 100 && listeningLines(server.output()) < 2; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const workers = childrenOf(server.child.pid as number);
      expect(workers).toHaveLength(2);
      // A test runs across them: started on one connection, answered and finished on others.
      const started = await (
        await fetch(`${base}/v1/public/lessons/linear-equations/start`, { method: 'POST' })
      ).json();
      const s = started.data as { uuid: string; api_token: string };
      for (let i = 0; i < 10; i++) {
        const res = await fetch(`${base}/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({
            answer_id: crypto.randomUUID(),
            question_id: 'q1',
            value: 'a',
            answered_at: Date.now(),
          }),
        });
        expect(res.status).toBe(201);
      }
      const signalled = performance.now();
      server.child.kill('SIGTERM');
      expect(await exited(server.child), server.output()).toBe(0);
      expect(performance.now() - signalled).toBeLessThan(11_000);
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    },
    60_000,
  );
  it.runIf(databaseUrl)(
    'stops cleanly when stopped while its processes still start, before any has listened',
    async () => {
      const server = start({
        WORKERS: '2',
        PORT: String(await freePort()),
        DATABASE_URL: databaseUrl as string,
        DATABASE_SCHEMA: schema,
        REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      });
      // The primary has forked its workers; they are still loading, so the stop reaches each
      // before it could catch it: they served nothing, and the primary's stop is a clean one.
      for (let i = 0; i < 300 && !server.output().includes('started 2 server processes'); i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const workers = childrenOf(server.child.pid as number);
      expect(workers, server.output()).toHaveLength(2);
      expect(listeningLines(server.output())).toBe(0);
      server.child.kill('SIGTERM');
      expect(await exited(server.child), server.output()).toBe(0);
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    },
    60_000,
  );
});
