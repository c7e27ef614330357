/**
 * `npm run backup -- <file>`: an online, consistent copy of the embedded SQLite database
 * (DATA_DIR/zalik.sqlite) while the server runs. PostgreSQL has its own tool: pg_dump.
 */
import { resolve } from 'node:path';
import { loadConfig } from '../server/config.ts';
import { backupSqlite } from '../server/db/backup.ts';

const target = process.argv[2];
const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md, "Backups"), not with this command.',
  );
  process.exit(1);
}
if (!target) {
  console.error('Usage: npm run backup -- <new file>, e.g. npm run backup -- backups/zalik-2026-11-25.sqlite');
  process.exit(1);
}
const source = resolve(config.dataDir, 'zalik.sqlite');
const started = performance.now();
try {
  const report = await backupSqlite(source, resolve(target));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const mb = (report.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `${source} → ${resolve(target)}: ${report.pages} pages (${mb} MB) in ${seconds} s; integrity ${report.integrity}`,
  );
  if (report.integrity !== 'ok') process.exit(1);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
