/**
 * `npm run images:move`: every image the table names goes from the folder to the database or a
 * bucket, checked against its name; a missing or damaged one is reported and left; a second run
 * finds everything in place; the command itself on an embedded installation's data folder.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createTestDatabase, dialectName, type TestDatabase } from '../../test/helpers.ts';
import { S3_BUCKET, S3_KEYS, startS3, type TestS3 } from '../../test/s3-server.ts';
import { BucketBlobs } from './bucket-blobs.ts';
import { DatabaseBlobs } from './database-blobs.ts';
import { FolderBlobs } from './folder-blobs.ts';
import { type ImageBlobs, readAll } from './image-blobs.ts';
import { moveImages } from './move-images.ts';

let s3: TestS3;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  s3 = await startS3();
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await s3?.close();
});

function folderOf() {
  const dir = mkdtempSync(join(tmpdir(), 'zalik-move-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function database(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  await migrateToLatest(db);
  cleanups.push(() => db.dispose());
  return db;
}

/** Three images with rows and files; one file gone, one damaged. */
async function installation(db: TestDatabase['db'], folder: FolderBlobs) {
  const images = ['one', 'two', 'three', 'gone', 'damaged'].map((tag) => {
    const bytes = Buffer.from(`\x89PNG\r\n\x1a\n${tag}`.repeat(100));
    return { tag, bytes, id: createHash('sha256').update(bytes).digest('hex') };
  });
  for (const image of images) {
    await db
      .insertInto('images')
      .values({ id: image.id, type: 'image/png', bytes: image.bytes.length, uploaded_by: null, created_at: 1 })
      .execute();
    if (image.tag !== 'gone') await folder.write(image.id, image.bytes);
  }
  const damaged = images[4] as (typeof images)[number];
  await writeFile(join(folder.dir, damaged.id.slice(0, 2), damaged.id), 'not the picture');
  return images;
}

const read = async (blobs: ImageBlobs, id: string) => {
  const stream = await blobs.open(id);
  return stream ? readAll(stream) : null;
};

describe(`moving images out of the folder (${dialectName})`, () => {
  const targets: [string, (db: TestDatabase) => ImageBlobs][] = [
    ['the database', (db) => new DatabaseBlobs(db.db, Date.now)],
    [
      'a bucket',
      () =>
        new BucketBlobs({
          endpoint: s3.endpoint,
          bucket: S3_BUCKET,
          prefix: `move-${Date.now()}/`,
          ...S3_KEYS,
          region: 'us-east-1',
        }),
    ],
  ];
  it.each(targets)(
    'moves every readable image to %s, reports the rest, and finds all in place the second time',
    async (_name, make) => {
      const db = await database();
      const folder = new FolderBlobs(folderOf());
      const target = make(db);
      const images = await installation(db.db, folder);
      type Image = (typeof images)[number];
      const [one, two, three, gone, damaged] = images as [Image, Image, Image, Image, Image];
      const report = await moveImages(db.db, folder, target);
      expect(report).toMatchObject({ images: 5, moved: 3, alreadyThere: 0, removed: 3 });
      expect(report.missing).toEqual([gone.id]);
      expect(report.damaged).toEqual([damaged.id]);
      for (const image of [one, two, three]) {
        expect((await read(target, image.id))?.equals(image.bytes)).toBe(true);
        expect(await folder.has(image.id)).toBe(false);
      }
      expect(await target.has(damaged.id)).toBe(false);
      expect(await folder.has(damaged.id)).toBe(true);
      const again = await moveImages(db.db, folder, target);
      expect(again).toMatchObject({ images: 5, moved: 0, alreadyThere: 3, removed: 0 });
    },
  );

  it('keeps the folder’s copies with --keep', async () => {
    const db = await database();
    const folder = new FolderBlobs(folderOf());
    const images = await installation(db.db, folder);
    const report = await moveImages(db.db, folder, new DatabaseBlobs(db.db, Date.now), { keep: true });
    expect([report.moved, report.removed]).toEqual([3, 0]);
    expect(await folder.has((images[0] as { id: string }).id)).toBe(true);
  });

  it('runs as `npm run images:move -- --to database` on an embedded installation', async () => {
    const dataDir = folderOf();
    const handle = createDatabase({ databaseUrl: null, dataDir });
    await migrateToLatest(handle);
    const folder = new FolderBlobs(join(dataDir, 'images'));
    const images = await installation(handle.db, folder);
    await handle.close();
    const run = promisify(execFile);
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_URL: '', IMAGE_STORE: '' };
    const failed = await run('npx', ['tsx', 'scripts/images-move.ts', '--to', 'database'], { env }).catch((e) => e);
    expect(failed.code, 'one image missing and one damaged: exit 1').toBe(1);
    expect(failed.stdout).toMatch(/folder → database: 5 images; 3 moved, 0 already there, 3 removed from the folder/);
    expect(failed.stderr).toMatch(/In neither place \(1\)/);
    const reopened = createDatabase({ databaseUrl: null, dataDir });
    try {
      expect((await read(new DatabaseBlobs(reopened.db, Date.now), (images[0] as { id: string }).id))?.length).toBe(
        (images[0] as { bytes: Buffer }).bytes.length,
      );
    } finally {
      await reopened.close();
    }
    const same = await run('npx', ['tsx', 'scripts/images-move.ts', '--to', 'folder', '--from', 'folder'], {
      env,
    }).catch((e) => e);
    expect(same.stderr).toMatch(/Nothing to move/);
  }, 60_000);
});
