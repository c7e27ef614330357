import { type Kysely, SqliteAdapter, sql } from 'kysely';

function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

// Types chosen to mean the same on SQLite and PostgreSQL: bigint for epoch ms, text for JSON.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subjects')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('texts', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('specializations')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('texts', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('specializations_subject_slug', ['subject_id', 'slug'])
    .execute();

  await db.schema
    .createTable('lessons')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('specialization_id', 'integer', (c) => c.notNull().references('specializations.id'))
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('duration_seconds', 'integer', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('current_version_id', 'integer', (c) => c.notNull())
    .addColumn('question_count', 'integer', (c) => c.notNull())
    .addColumn('max_score', 'double precision', (c) => c.notNull())
    .addColumn('texts', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lessons_specialization').on('lessons').column('specialization_id').execute();

  await db.schema
    .createTable('lesson_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id'))
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lesson_versions_lesson').on('lesson_versions').column('lesson_id').execute();

  await db.schema
    .createTable('site')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('online_sessions')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id'))
    .addColumn('lesson_version_id', 'integer', (c) => c.notNull().references('lesson_versions.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('deadline', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('finish_reason', 'text')
    .addColumn('score', 'double precision')
    .addColumn('max_score', 'double precision', (c) => c.notNull())
    .execute();
  // The sweeper looks for running sessions past their deadline.
  await db.schema
    .createIndex('online_sessions_running')
    .on('online_sessions')
    .columns(['status', 'deadline'])
    .execute();

  // Answers are kept together by session: one B-tree insert per answer on SQLite (without rowid),
  // and reading a session's answers is a range scan of the primary key on both databases.
  const sqlite = isSqlite(db);
  await db.schema
    .createTable('answers')
    .addColumn('session_uuid', 'text', (c) => c.notNull().references('online_sessions.uuid'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('answers_pk', ['session_uuid', 'id'])
    .$call((b) => (sqlite ? b.modifyEnd(sql`without rowid`) : b))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'answers',
    'online_sessions',
    'site',
    'lesson_versions',
    'lessons',
    'specializations',
    'subjects',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
