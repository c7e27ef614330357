/**
 * `npm run images:move -- [--to database|bucket|folder] [--from folder|database|bucket] [--keep]`:
 * moves the images from one kind of store to another (server/services/images/move-images.ts). By
 * default from the folder under DATA_DIR to the kind this configuration uses (IMAGE_STORE, or the
 * database with DATABASE_URL, or the bucket with S3_URL). Run it with the same environment as the
 * server; servers may keep running meanwhile.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { createDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import type { ImageStoreKind } from '../server/services/images/image-blobs.ts';
import { moveImages } from '../server/services/images/move-images.ts';
import { blobsOfKind } from '../server/services/images/open-image-blobs.ts';

const KINDS: ImageStoreKind[] = ['folder', 'database', 'bucket'];
const { values } = parseArgs({
  options: { to: { type: 'string' }, from: { type: 'string' }, keep: { type: 'boolean', default: false } },
});
const config = loadConfig();
const to = (values.to ?? config.images.kind) as ImageStoreKind;
const from = (values.from ?? 'folder') as ImageStoreKind;
if (!KINDS.includes(to) || !KINDS.includes(from)) {
  console.error(`--to and --from take one of ${KINDS.join(', ')}`);
  process.exit(1);
}
if (to === from) {
  console.error(
    `Nothing to move: the images would go from the ${from} to the ${to}. Say where with --to (this configuration keeps them in the ${config.images.kind}).`,
  );
  process.exit(1);
}
if ((to === 'bucket' || from === 'bucket') && !config.images.bucket) {
  console.error('The bucket needs S3_URL (see the README, "Configuration").');
  process.exit(1);
}

const handle = createDatabase(config);
try {
  await migrateToLatest(handle);
  const place = { db: handle.db, folder: join(config.dataDir, 'images'), now: Date.now };
  const started = performance.now();
  const report = await moveImages(
    handle.db,
    blobsOfKind(from, config.images, place),
    blobsOfKind(to, config.images, place),
    {
      keep: values.keep,
      progress: (done) => process.stdout.write(`\r${done} images checked…`),
    },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `\r${from} → ${to}: ${report.images} images; ${report.moved} moved, ${report.alreadyThere} already there, ${report.removed} removed from the ${from} (${seconds} s)`,
  );
  if (report.missing.length) console.error(`In neither place (${report.missing.length}): ${report.missing.join(', ')}`);
  if (report.damaged.length)
    console.error(
      `Not the image their name says, left in the ${from} (${report.damaged.length}): ${report.damaged.join(', ')}`,
    );
  process.exitCode = report.missing.length || report.damaged.length ? 1 : 0;
} finally {
  await handle.close();
}
