/**
 * Servers started at the same moment on one empty PostgreSQL database (a deployment's first start,
 * or two machines brought up together) both come up: the schema is made once and the demo lessons
 * imported once, whichever process gets there first. (Several processes on the embedded SQLite
 * database are refused at start: config.ts.)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrapDatabase } from './bootstrap.ts';
import { loadContent } from './content/validate.ts';
import { createDatabase } from './db/database.ts';
import { databaseUrl } from './test/helpers.ts';
import { freePort } from './test/ports.ts';
import { spawnServer } from './test/server-process.ts';

const schemas: string[] = [];
const dirs: string[] = [];
const running: ChildProcess[] = [];

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  if (!databaseUrl) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  for (const schema of schemas) await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
});

/** A server process on `port`, its own data folder, the shared schema. */
function startServer(port: number, schema: string): ChildProcess {
  const dataDir = mkdtempSync(join(tmpdir(), 'zalik-together-'));
  dirs.push(dataDir);
  const child = spawnServer(
    port,
    dataDir,
    { DATABASE_URL: databaseUrl ?? '', DATABASE_SCHEMA: schema, REDIS_URL: '' },
    'pipe',
  );
  running.push(child);
  return child;
}

/** Resolves when the server answers /ready with 200; rejects when it exits first. */
async function ready(child: ChildProcess, port: number): Promise<void> {
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    said += chunk.toString();
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${said}`);
    const status = await fetch(`http://127.0.0.1:${port}/ready`).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not get ready');
}

describe('servers starting together on postgres', () => {
  it.runIf(databaseUrl)(
    'both come up on an empty database, which gets the schema and the demo lessons once',
    async () => {
      const demo = (await loadContent('content')).lessons.length;
      for (let attempt = 0; attempt < 3; attempt++) {
        const schema = `together_${process.pid}_${attempt}`;
        schemas.push(schema);
        const ports = [await freePort(), await freePort()];
        const servers = ports.map((port) => startServer(port, schema));
        await Promise.all(servers.map((child, n) => ready(child, ports[n] as number)));
        const handle = createDatabase({ databaseUrl, dataDir: '', schema, poolSize: 1 });
        try {
          const lessons = await handle.db.selectFrom('lessons').select('slug').execute();
          expect(lessons, `attempt ${attempt}`).toHaveLength(demo);
          // A third start finds everything in place.
          expect(await bootstrapDatabase(handle)).toEqual({ migrations: [], seeded: false });
        } finally {
          await handle.close();
        }
        for (const child of servers.splice(0)) child.kill('SIGKILL');
      }
    },
    120_000,
  );
});
