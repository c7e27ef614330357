/**
 * `npm run backup -- <file>`: an online, consistent copy of the embedded SQLite database
 * (DATA_DIR/zalik.sqlite) while the server runs, and of the images folder beside it (`<file>.images`)
 * when images are kept there. PostgreSQL has its own tool: pg_dump (docs/deployment.md, "Backups").
 */
import { cp, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
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
/**
 * Images: copied beside the database's copy when they are files (named by their content, so a copy
 * taken while tutors upload holds whole images, and the next backup may reuse an older folder); in
 * the database's copy when kept in the database; in the bucket, which is backed up where it lives.
 */
async function backUpImages(target: string) {
  if (config.images.kind === 'database') {
    console.log('images: kept in the database, so in this copy');
    return;
  }
  if (config.images.kind === 'bucket') {
    console.log(
      `images: kept in the bucket ${config.images.bucket?.bucket}; back it up where it lives (docs/deployment.md)`,
    );
  }
  const folder = join(config.dataDir, 'images');
  const copy = `${target}.images`;
  await cp(folder, copy, { recursive: true, filter: (path) => !path.endsWith('.part') }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    },
  );
  let files = 0;
  for (const sub of await readdir(copy).catch(() => [] as string[])) files += (await readdir(join(copy, sub))).length;
  console.log(`images: ${files} files from ${folder} → ${copy}`);
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
  await backUpImages(resolve(target));
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
