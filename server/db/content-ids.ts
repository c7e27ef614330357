/**
 * Ids of the content tables (subjects, specializations, lessons, versions) are integers taken as
 * the largest plus one: content is written rarely, by the importer and by tutors publishing. On
 * PostgreSQL two publishes may run at once, so each writer first takes one transaction-wide lock
 * and they take turns; SQLite runs one write transaction at a time anyway.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

type ContentTable = 'subjects' | 'specializations' | 'lessons' | 'lesson_versions';

/** An arbitrary number that names the lock of content ids among PostgreSQL's advisory locks. */
const CONTENT_IDS_LOCK = 7_171_001;

export async function lockContentIds(trx: Transaction<Database>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${CONTENT_IDS_LOCK})`.execute(trx);
}

export async function nextContentId(trx: Kysely<Database>, table: ContentTable): Promise<number> {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max<number | null>('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}
