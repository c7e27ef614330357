/**
 * The promise of an exam system: an answer acknowledged with a 2xx survives the server being killed.
 * A real server process takes a stream of answers, is killed with SIGKILL mid-stream, restarts on the
 * same database, and every acknowledged answer must be there, exactly once.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './db/database.ts';
import { databaseUrl, dialectName } from './test/helpers.ts';
import { freePort } from './test/ports.ts';
import { spawnServer } from './test/server-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'zalik-durability-'));
const schema = `durability_${process.pid}`;
let port = 0;

function startServer(): ChildProcess {
  return spawnServer(port, dataDir, databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {});
}

async function ready(child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      await (await fetch(`http://127.0.0.1:${port}/v1/public/main-page`)).arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('server did not start');
}

/** The exit code (null when a signal ended it), also for a process that has already gone. */
const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );

async function startSession() {
  const res = await fetch(`http://127.0.0.1:${port}/v1/public/lessons/linear-equations/start`, { method: 'POST' });
  const data = (await res.json()).data as { uuid: string; api_token: string };
  return data;
}

function sendAnswer(s: { uuid: string; api_token: string }, answerId: string) {
  return fetch(`http://127.0.0.1:${port}/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answer_id: answerId, question_id: 'q1', value: 'a', answered_at: Date.now() }),
  });
}

let handle: DatabaseHandle | undefined;
beforeAll(async () => {
  port = await freePort();
});
afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
});

describe(`durability on ${dialectName}`, () => {
  it('keeps every acknowledged answer when the server is killed with SIGKILL under load', async () => {
    let server = startServer();
    await ready(server);
    const sessions = await Promise.all(Array.from({ length: 20 }, startSession));
    const acknowledged: string[] = [];
    let stop = false;
    let failures = 0;
    const loops = sessions.map(async (s) => {
      while (!stop) {
        const id = randomUUID();
        try {
          const res = await sendAnswer(s, id);
          if (res.status === 201) acknowledged.push(id);
        } catch {
          failures++; // the connection died with the server: not acknowledged, so not promised
          return;
        }
      }
    });
    await new Promise((r) => setTimeout(r, 1500));
    server.kill('SIGKILL');
    stop = true;
    await Promise.all(loops);
    await exited(server);
    expect(acknowledged.length).toBeGreaterThan(100);

    server = startServer();
    await ready(server);
    handle = createDatabase({ databaseUrl, dataDir, schema: databaseUrl ? schema : null });
    const stored = new Set((await handle.db.selectFrom('answers').select('id').execute()).map((r) => r.id));
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    console.log(
      `durability (${dialectName}): ${acknowledged.length} acknowledged answers, all stored after SIGKILL; ${stored.size} stored in all; ${failures} requests cut off`,
    );

    server.kill('SIGTERM');
    expect(await exited(server)).toBe(0);
  }, 120_000);

  it('stops within 10 s on SIGTERM under a stream of answers, with every acknowledged answer stored', async () => {
    const server = startServer();
    await ready(server);
    const sessions = await Promise.all(Array.from({ length: 20 }, startSession));
    const acknowledged: string[] = [];
    let refused = 0;
    const loops = sessions.map(async (s) => {
      for (;;) {
        const id = randomUUID();
        try {
          const res = await sendAnswer(s, id);
          if (res.status === 201) acknowledged.push(id);
          else refused++; // a 503 while closing: not acknowledged, so the device sends it again
        } catch {
          return; // the listener is closed: the server is going
        }
      }
    });
    await new Promise((r) => setTimeout(r, 1000));
    const before = acknowledged.length;
    const signalled = performance.now();
    server.kill('SIGTERM');
    const code = await exited(server);
    const seconds = (performance.now() - signalled) / 1000;
    await Promise.all(loops);
    expect(code).toBe(0);
    expect(seconds).toBeLessThan(10);
    // It kept taking answers while it stopped, and every one it acknowledged is in the database.
    expect(acknowledged.length).toBeGreaterThan(before);
    handle ??= createDatabase({ databaseUrl, dataDir, schema: databaseUrl ? schema : null });
    const stored = new Set((await handle.db.selectFrom('answers').select('id').execute()).map((r) => r.id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    console.log(
      `SIGTERM (${dialectName}): exited 0 after ${seconds.toFixed(1)} s; ${acknowledged.length} answers acknowledged (${acknowledged.length - before} after the signal), all stored; ${refused} refused while closing`,
    );
  }, 120_000);
});
