/** `npm run content:import -- <path>`: validates every file, then imports all of them or none. */
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { importContent } from './importer.ts';
import { ContentError, loadContent } from './validate.ts';

const path = process.argv[2];
if (!path) {
  console.error('usage: npm run content:import -- <file-or-folder>');
  process.exit(2);
}

const config = loadConfig();
const handle = createDatabase(config);
try {
  await migrateToLatest(handle);
  const bundle = await loadContent(path);
  const summary = await importContent(handle.db, bundle);
  console.log(
    `imported into ${handle.location}: ${summary.subjects} subject(s), ${summary.specializations} specialization(s), ` +
      `${summary.lessons} lesson(s), ${summary.versionsCreated} new lesson version(s)`,
  );
} catch (error) {
  if (error instanceof ContentError) {
    console.error(`refused, nothing was imported (${error.problems.length} problem(s)):\n${error.message}`);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await handle.close();
}
