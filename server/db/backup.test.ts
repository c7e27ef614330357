import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseUrl, type TestApp } from '../test/helpers.ts';
import { backupSqlite } from './backup.ts';

const run = promisify(execFile);
const backups = mkdtempSync(join(tmpdir(), 'zalik-backups-'));
afterAll(() => rmSync(backups, { recursive: true, force: true }));

/** `npm run backup -- <file>` as an operator runs it, with this environment. */
const backupCommand = (file: string, env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', file], {
    env: { ...process.env, DATABASE_URL: '', ...env },
  }).then(
    (done) => ({ code: 0, out: done.stdout, err: done.stderr }),
    (failed: { code: number; stdout: string; stderr: string }) => ({
      code: failed.code,
      out: failed.stdout,
      err: failed.stderr,
    }),
  );

// The embedded database in both runs: a PostgreSQL run has none of its own to back up.
describe('a backup of the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ sqlite: true });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is consistent and complete while answers are being written, and opens', async () => {
    const started = await t.app.inject({ method: 'POST', url: '/v1/public/lessons/fixture-sums/start', payload: {} });
    const s = started.json().data as { uuid: string; api_token: string };
    const stored = () =>
      t.database.db
        .selectFrom('answers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    // A steady stream of writes, each one committed on the server's own connection.
    let writing = true;
    let written = 0;
    const load = (async () => {
      while (writing) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`,
          payload: { answer_id: randomUUID(), question_id: 'q1', value: 'b', answered_at: t.clock.value },
        });
        if (res.statusCode === 201) written++;
      }
    })();
    while (written < 200) await new Promise((r) => setTimeout(r, 5));
    const before = Number((await stored()).n);
    const file = join(backups, 'under-load.sqlite');
    const report = await backupSqlite(t.database.location, file);
    const whileBacking = written;
    while (written < whileBacking + 100) await new Promise((r) => setTimeout(r, 5));
    writing = false;
    await load;
    const after = Number((await stored()).n);

    expect(report.integrity).toBe('ok');
    const copy = new SQLite(file, { readonly: true });
    try {
      const answers = Number((copy.prepare('select count(*) as n from answers').get() as { n: number }).n);
      // One moment's state: everything committed before the backup began, nothing from after it ended.
      expect(answers).toBeGreaterThanOrEqual(before);
      expect(answers).toBeLessThan(after);
      const migrations = copy.prepare('select count(*) as n from kysely_migration').get() as { n: number };
      expect(migrations.n).toBeGreaterThanOrEqual(14);
      expect(copy.prepare('select status from online_sessions where uuid = ?').get(s.uuid)).toEqual({
        status: 'running',
      });
    } finally {
      copy.close();
    }
    await expect(backupSqlite(t.database.location, file)).rejects.toThrow(/exists already/);
  });

  it('runs as `npm run backup -- <file>` beside the running server, and says what it copied', async () => {
    const file = join(backups, 'by-command.sqlite');
    const id = 'ab'.repeat(32);
    mkdirSync(join(dirname(t.database.location), 'images', 'ab'), { recursive: true });
    writeFileSync(join(dirname(t.database.location), 'images', 'ab', id), 'an image');
    const done = await backupCommand(file, { DATA_DIR: dirname(t.database.location) });
    expect(done.code, done.err).toBe(0);
    expect(done.out).toMatch(/pages \([\d.]+ MB\) in [\d.]+ s; integrity ok/);
    // Images kept as files are copied beside it.
    expect(done.out).toMatch(/images: 1 files from .* → .*by-command\.sqlite\.images/);
    expect(readFileSync(join(`${file}.images`, 'ab', id), 'utf8')).toBe('an image');
    const missing = await backupCommand('', { DATA_DIR: dirname(t.database.location) });
    expect([missing.code, missing.err]).toEqual([1, expect.stringMatching(/^Usage: npm run backup -- <new file>/)]);
  }, 60_000);
});

describe('a backup with PostgreSQL', () => {
  it('is pg_dump’s work: the command says so and copies nothing', async () => {
    const file = join(backups, 'never.sqlite');
    // Only the setting is read: the command refuses before connecting anywhere.
    const done = await backupCommand(file, { DATABASE_URL: databaseUrl ?? 'postgres://nobody@127.0.0.1:1/none' });
    expect(done.code).toBe(1);
    expect(done.err).toMatch(/pg_dump/);
    expect(existsSync(file)).toBe(false);
  }, 60_000);
});
