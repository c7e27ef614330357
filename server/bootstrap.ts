/**
 * Gets a database ready to serve: schema up to date, and the demo lessons on a first start. Servers
 * started together on one empty database must all come up: the migrations take their own lock, and
 * the demo lessons are looked for and written in one transaction that takes the seeding lock first,
 * so one process seeds and the others find its lessons.
 */
import { existsSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import { writeContent } from './content/importer.ts';
import { loadContent } from './content/validate.ts';
import type { DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Database } from './db/schema.ts';

export interface BootstrapResult {
  migrations: string[];
  seeded: boolean;
}

const anyLesson = async (db: Kysely<Database>) =>
  (await db.selectFrom('lessons').select('id').limit(1).executeTakeFirst()) !== undefined;

/**
 * Held until the transaction ends. PostgreSQL: an advisory lock of the seeding's own. SQLite: the
 * database's write lock, taken by a write that changes nothing, before the look for lessons (a
 * transaction that read first and wrote later would fail against a writer that came between).
 */
async function holdSeedingLock(trx: Kysely<Database>, dialect: DatabaseHandle['dialect']): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext('zalik demo lessons'))`.execute(trx);
  else await sql`delete from site where 0`.execute(trx);
}

export async function bootstrapDatabase(handle: DatabaseHandle, contentDir = 'content'): Promise<BootstrapResult> {
  const migrations = await migrateToLatest(handle);
  if (!existsSync(contentDir) || (await anyLesson(handle.db))) return { migrations, seeded: false };
  const bundle = await loadContent(contentDir);
  const seeded = await handle.db.transaction().execute(async (trx) => {
    await holdSeedingLock(trx, handle.dialect);
    if (await anyLesson(trx)) return false;
    await writeContent(trx, bundle);
    return true;
  });
  return { migrations, seeded };
}
