import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * Images kept in the database itself (IMAGE_STORE=database, the default with PostgreSQL), so that
 * every machine over one database has every picture. An image is cut into chunks of at most 256 KB,
 * written in one transaction (whole or not at all) and read one chunk at a time, so a reply never
 * holds more than a chunk in memory. The only binary column of the schema: bytea on PostgreSQL,
 * blob on SQLite; both give and take a Buffer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('image_chunks')
    .addColumn('image_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', sqlite ? 'blob' : sql`bytea`, (c) => c.notNull())
    .addColumn('written_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('image_chunks_pk', ['image_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('image_chunks').execute();
}
