/**
 * The three kinds of image store keep the same promises: whole images or none, repeats harmless,
 * reads streamed a piece at a time, listings for the sweep and the move, removal. The folder in a
 * temporary directory, the database on this suite's database (SQLite, or PostgreSQL when
 * DATABASE_URL is set), the bucket on a real S3-compatible server (s3rver) on loopback.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { createTestDatabase, dialectName, type TestDatabase } from '../../test/helpers.ts';
import { S3_BUCKET, S3_KEYS, startS3, type TestS3 } from '../../test/s3-server.ts';
import { BucketBlobs, BucketError } from './bucket-blobs.ts';
import { DatabaseBlobs, IMAGE_CHUNK_BYTES } from './database-blobs.ts';
import { FolderBlobs } from './folder-blobs.ts';
import type { ImageBlobs } from './image-blobs.ts';

let folder: string;
let database: TestDatabase;
let s3: TestS3;
const now = () => 1_800_000_000_000;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'zalik-images-'));
  database = await createTestDatabase();
  await migrateToLatest(database);
  s3 = await startS3();
}, 60_000);

afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await database?.dispose();
  await s3?.close();
});

/** Bytes of `size` that differ by `tag`, and their id. */
function image(size: number, tag: string) {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + tag.charCodeAt(0)) % 251;
  return { bytes, id: createHash('sha256').update(bytes).digest('hex') };
}

async function pieces(blobs: ImageBlobs, id: string) {
  const stream = await blobs.open(id);
  if (!stream) return null;
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return parts;
}

const kinds: [string, () => ImageBlobs][] = [
  ['the folder', () => new FolderBlobs(folder)],
  [`the database (${dialectName})`, () => new DatabaseBlobs(database.db, now)],
  [
    'an S3-compatible bucket (s3rver)',
    () =>
      new BucketBlobs({ endpoint: s3.endpoint, bucket: S3_BUCKET, prefix: 'zalik/', ...S3_KEYS, region: 'us-east-1' }),
  ],
];

describe.each(kinds)('images kept in %s', (_name, make) => {
  it('stores an image whole, reads it back a piece at a time, and takes the same image again harmlessly', async () => {
    const blobs = make();
    const big = image(700_000, 'a');
    expect(await blobs.has(big.id)).toBe(false);
    expect(await blobs.open(big.id)).toBeNull();
    await blobs.write(big.id, big.bytes);
    await blobs.write(big.id, big.bytes);
    expect(await blobs.has(big.id)).toBe(true);
    const parts = (await pieces(blobs, big.id)) ?? [];
    expect(Buffer.concat(parts).equals(big.bytes)).toBe(true);
    // Streamed: no piece holds the whole image.
    expect(parts.length).toBeGreaterThan(1);
    expect(Math.max(...parts.map((p) => p.length))).toBeLessThanOrEqual(IMAGE_CHUNK_BYTES);
    const small = image(1, 'b');
    await blobs.write(small.id, small.bytes);
    expect(Buffer.concat((await pieces(blobs, small.id)) ?? []).equals(small.bytes)).toBe(true);
  });

  it('lists what it keeps with when it was written, and removes one without touching the others', async () => {
    const blobs = make();
    const kept = image(3000, 'c');
    const gone = image(2000, 'd');
    await blobs.write(kept.id, kept.bytes);
    await blobs.write(gone.id, gone.bytes);
    const listed = new Map<string, number>();
    for await (const blob of blobs.list()) listed.set(blob.id, blob.writtenAt);
    expect(listed.has(kept.id) && listed.has(gone.id)).toBe(true);
    expect(listed.get(kept.id)).toBeGreaterThan(Date.UTC(2020, 0, 1));
    await blobs.remove(gone.id);
    await blobs.remove(gone.id);
    expect([await blobs.has(gone.id), await blobs.has(kept.id)]).toEqual([false, true]);
    const after: string[] = [];
    for await (const blob of blobs.list()) after.push(blob.id);
    expect(after).toContain(kept.id);
    expect(after).not.toContain(gone.id);
  });
});

describe('each kind on its own', () => {
  it('the folder lists a write a crash cut short, so that the sweep can remove it', async () => {
    const blobs = new FolderBlobs(folder);
    const id = 'cd'.repeat(32);
    const partial = `${id}.${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.part`;
    await mkdir(join(folder, 'cd'), { recursive: true });
    await writeFile(join(folder, 'cd', partial), 'half');
    const listed: string[] = [];
    for await (const blob of blobs.list()) listed.push(blob.id);
    expect(listed).toContain(partial);
    expect(await blobs.has(id)).toBe(false);
    await blobs.remove(partial);
    const after: string[] = [];
    for await (const blob of blobs.list()) after.push(blob.id);
    expect(after).not.toContain(partial);
  });

  it('the database keeps an image as chunks of at most 256 KB, written together', async () => {
    const blobs = new DatabaseBlobs(database.db, now);
    const big = image(600_000, 'e');
    await blobs.write(big.id, big.bytes);
    const rows = await database.db
      .selectFrom('image_chunks')
      .select(['seq', 'written_at'])
      .where('image_id', '=', big.id)
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => [r.seq, Number(r.written_at)])).toEqual([
      [0, now()],
      [1, now()],
      [2, now()],
    ]);
  });

  it('the bucket keeps each image under its prefix, and says what the server answered when it refuses', async () => {
    const one = new BucketBlobs({
      endpoint: s3.endpoint,
      bucket: S3_BUCKET,
      prefix: 'one/',
      ...S3_KEYS,
      region: 'us-east-1',
    });
    const two = new BucketBlobs({
      endpoint: s3.endpoint,
      bucket: S3_BUCKET,
      prefix: 'two/',
      ...S3_KEYS,
      region: 'us-east-1',
    });
    const img = image(100, 'f');
    await one.write(img.id, img.bytes);
    expect([await one.has(img.id), await two.has(img.id)]).toEqual([true, false]);
    const stranger = new BucketBlobs({
      endpoint: s3.endpoint,
      bucket: S3_BUCKET,
      prefix: '',
      accessKeyId: 'NOBODY',
      secretAccessKey: 'x',
      region: 'us-east-1',
    });
    const refused = await stranger.write(img.id, img.bytes).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BucketError);
    expect((refused as BucketError).status).toBe(403);
    // A HEAD's refusal has no body; a GET's names the reason.
    expect(String(await stranger.open(img.id).catch((e: unknown) => e))).toMatch(/403 to GET .*InvalidAccessKeyId/);
    const missing = new BucketBlobs({
      endpoint: s3.endpoint,
      bucket: 'no-such-bucket',
      prefix: '',
      ...S3_KEYS,
      region: 'us-east-1',
    });
    expect(String(await missing.write(img.id, img.bytes).catch((e: unknown) => e))).toMatch(/404.*NoSuchBucket/);
  });
});
