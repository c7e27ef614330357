import { sql } from 'kysely';
import { type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely/migration';
import type { DatabaseHandle } from './database.ts';
import { migrations } from './migrations/index.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations };
type Handle = Pick<DatabaseHandle, 'db' | 'schema'>;

/**
 * PostgreSQL's `create schema if not exists` is not safe against itself: two servers starting
 * together on an empty database may both get past the check, and the later fails on the catalog's
 * unique index. The schema is then there, which is all this asks, so that failure is let go (as
 * Kysely does for its own tables).
 */
export async function ensureSchema(db: Handle['db'], schema: string) {
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  } catch (error) {
    const found = await sql<{ one: number }>`select 1 as one from pg_namespace where nspname = ${schema}`.execute(db);
    if (found.rows.length === 0) throw error;
  }
}

async function run({ db, schema }: Handle, step: (migrator: Migrator) => Promise<MigrationResultSet>) {
  if (schema) await ensureSchema(db, schema);
  // Kysely's own bookkeeping tables live in the same schema as the data.
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await step(migrator);
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Brings the schema up to date; throws with the failing migration's name. */
export function migrateToLatest(handle: Handle): Promise<string[]> {
  return run(handle, (m) => m.migrateToLatest());
}

/** Runs the migrations up to and including `name` only: a database as an older release left it. */
export function migrateUpTo(handle: Handle, name: keyof typeof migrations & string): Promise<string[]> {
  if (!(name in migrations)) throw new Error(`No migration named ${name}`);
  return run(handle, (m) => m.migrateTo(name));
}

/** Migrations this code has that the database has not run: none, when the schema is current. */
export async function pendingMigrations({ db, schema }: Handle): Promise<string[]> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const known = await migrator.getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
