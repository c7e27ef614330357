import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { postgres } from './exam-day-config.ts';
import { run } from './exam-taker.ts';

/** Every acknowledged answer and finish, looked up in the database itself. */
export async function verifyStored(dataDir: string, schema: string) {
  const sessions = [...run.acknowledged.keys()];
  let stored: { session_uuid: string; id: string }[] = [];
  let finishedInDb = new Set<string>();
  if (postgres) {
    const client = new pg.Client({ connectionString: postgres });
    await client.connect();
    await client.query(`set search_path to ${schema}`);
    stored = (await client.query('select session_uuid, id from answers where session_uuid = any($1)', [sessions])).rows;
    finishedInDb = new Set(
      (
        await client.query(`select uuid from online_sessions where status = 'finished' and uuid = any($1)`, [sessions])
      ).rows.map((row: { uuid: string }) => row.uuid),
    );
    await client.end();
  } else {
    const db = new Database(join(dataDir, 'zalik.sqlite'), { readonly: true });
    stored = db.prepare('select session_uuid, id from answers').all() as typeof stored;
    finishedInDb = new Set(
      (db.prepare(`select uuid from online_sessions where status = 'finished'`).all() as { uuid: string }[]).map(
        (r) => r.uuid,
      ),
    );
    db.close();
  }
  const storedKeys = new Map<string, number>();
  for (const row of stored)
    storedKeys.set(`${row.session_uuid}/${row.id}`, (storedKeys.get(`${row.session_uuid}/${row.id}`) ?? 0) + 1);
  let acknowledgedCount = 0;
  let missing = 0;
  for (const [session, ids] of run.acknowledged) {
    for (const id of ids) {
      acknowledgedCount += 1;
      if (storedKeys.get(`${session}/${id}`) !== 1) missing += 1;
    }
  }
  const twice = [...storedKeys.values()].filter((count) => count > 1).length;
  const unfinished = [...run.finished].filter((uuid) => !finishedInDb.has(uuid)).length;
  return { acknowledgedCount, missing, twice, finishedCount: run.finished.size, unfinished };
}

/** The run's PostgreSQL schema, gone. */
export async function dropSchema(schema: string) {
  const client = new pg.Client({ connectionString: postgres });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}
