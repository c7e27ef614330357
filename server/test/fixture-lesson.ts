import { importContent } from '../content/importer.ts';
import { loadContent } from '../content/validate.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createTestDatabase, FIXTURES } from './helpers.ts';

/**
 * A migrated test database holding the fixture content, and its `fixture-sums` lesson, for tests
 * that write sessions and answers themselves rather than through the routes.
 */
export async function databaseWithFixtureLesson(options: Parameters<typeof createTestDatabase>[0] = {}) {
  const database = await createTestDatabase(options);
  await migrateToLatest(database);
  await importContent(database.db, await loadContent(FIXTURES));
  const lesson = await database.db
    .selectFrom('lessons')
    .selectAll()
    .where('slug', '=', 'fixture-sums')
    .executeTakeFirstOrThrow();
  return { database, lesson };
}
