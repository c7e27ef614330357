import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * A tutor's published test is a lesson of its own: it has an owner, and it may have no place in the
 * catalog (a subject and specialization are optional for tutors). Lessons with an owner are never
 * listed in the public catalog.
 *
 * PostgreSQL drops the NOT NULL in place. SQLite cannot, so the table is made again with the same
 * rows (SQLite's documented way: foreign keys off outside any transaction, copy, drop, rename,
 * check the keys, on again); the tables that point at lessons keep pointing at it by name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table lessons alter column specialization_id drop not null`.execute(db);
    await db.schema
      .alterTable('lessons')
      .addColumn('owner_id', 'text', (c) => c.references('users.id'))
      .execute();
    await db.schema.createIndex('lessons_owner').on('lessons').column('owner_id').execute();
    return;
  }
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await trx.schema
        .createTable('lessons_rebuilt')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('specialization_id', 'integer', (c) => c.references('specializations.id'))
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('duration_seconds', 'integer', (c) => c.notNull())
        .addColumn('published', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('current_version_id', 'integer', (c) => c.notNull())
        .addColumn('question_count', 'integer', (c) => c.notNull())
        .addColumn('max_score', 'double precision', (c) => c.notNull())
        .addColumn('texts', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('owner_id', 'text', (c) => c.references('users.id'))
        .execute();
      await sql`insert into lessons_rebuilt
        (id, slug, specialization_id, audience, duration_seconds, published, position,
         current_version_id, question_count, max_score, texts, updated_at, owner_id)
        select id, slug, specialization_id, audience, duration_seconds, published, position,
          current_version_id, question_count, max_score, texts, updated_at, null
        from lessons`.execute(trx);
      await trx.schema.dropTable('lessons').execute();
      await sql`alter table lessons_rebuilt rename to lessons`.execute(trx);
      await trx.schema.createIndex('lessons_specialization').on('lessons').column('specialization_id').execute();
      await trx.schema.createIndex('lessons_owner').on('lessons').column('owner_id').execute();
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error(`foreign keys broken by the rebuild: ${JSON.stringify(broken.rows)}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('lessons_owner').execute();
  await db.schema.alterTable('lessons').dropColumn('owner_id').execute();
}
