import { type MigrationProvider, Migrator, sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';
import { migrations } from './migrations/index.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest({ db, schema }: Pick<DatabaseHandle, 'db' | 'schema'>): Promise<string[]> {
  if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  // Kysely's own bookkeeping tables live in the same schema as the data.
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
