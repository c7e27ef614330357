import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseUrl } from '../test/helpers.ts';
import { freePort } from '../test/ports.ts';
import { createDatabase, type DatabaseHandle } from './database.ts';

let handle: DatabaseHandle | null = null;
let dataDir: string | null = null;

afterEach(async () => {
  await handle?.close();
  handle = null;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = null;
});

function open(url: string, poolSize: number): DatabaseHandle {
  dataDir = mkdtempSync(join(tmpdir(), 'zalik-warm-'));
  handle = createDatabase({ databaseUrl: url, dataDir, poolSize });
  return handle;
}

describe('opening the pool before serving', () => {
  it('fails when the database cannot be reached, and keeps no connection half made', async () => {
    const database = open(`postgres://postgres@127.0.0.1:${await freePort()}/test`, 3);
    await expect(database.warm()).rejects.toThrow(/ECONNREFUSED|connect/);
    expect(database.poolStats?.()).toEqual({ total: 0, idle: 0, waiting: 0 });
  });

  it.runIf(databaseUrl)('opens every connection the pool may hold, each idle and ready afterwards', async () => {
    const database = open(databaseUrl as string, 4);
    expect(database.poolStats?.().total).toBe(0);
    await database.warm();
    expect(database.poolStats?.()).toEqual({ total: 4, idle: 4, waiting: 0 });
    // The connections are the ones the queries then use: none is opened for them.
    await Promise.all(Array.from({ length: 4 }, () => database.db.selectNoFrom((eb) => eb.val(1).as('one')).execute()));
    expect(database.poolStats?.().total).toBe(4);
  });
});
