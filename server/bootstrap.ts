/** Gets a database ready to serve: schema up to date, and the demo lessons on a first start. */
import { existsSync } from 'node:fs';
import { importContent } from './content/importer.ts';
import { loadContent } from './content/validate.ts';
import type { DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';

export interface BootstrapResult {
  migrations: string[];
  seeded: boolean;
}

export async function bootstrapDatabase(handle: DatabaseHandle, contentDir = 'content'): Promise<BootstrapResult> {
  const migrations = await migrateToLatest(handle);
  const any = await handle.db.selectFrom('lessons').select('id').limit(1).executeTakeFirst();
  if (any || !existsSync(contentDir)) return { migrations, seeded: false };
  await importContent(handle.db, await loadContent(contentDir));
  return { migrations, seeded: true };
}
