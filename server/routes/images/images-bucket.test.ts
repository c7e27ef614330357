/**
 * Images through the app when they are kept in an S3-compatible bucket (S3_URL set; s3rver on
 * loopback): uploaded, served streamed with the same immutable headers, exported inside a lesson
 * file and imported again, swept a week after nothing uses them, and an image an older setup left in
 * the folder still served until `npm run images:move` moves it.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LessonFile } from '../../../contract/content.ts';
import { FolderBlobs } from '../../services/images/folder-blobs.ts';
import { IMAGE_UNUSED_MS, sweepStorage } from '../../services/storage/storage-sweep.ts';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';
import { OTHER_PNG, TINY_PNG, upload } from '../../test/images.ts';
import { startS3, type TestS3 } from '../../test/s3-server.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';
import { completeDraft } from '../tutor/draft-fixture.ts';

let s3: TestS3;
let t: TestApp;
let callers: Callers;

beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({ env: { S3_URL: s3.url('zalik') } });
  callers = await tutorCallers(t.app);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** A PNG of 600 KB: more than one piece on the way out. */
const BIG_PNG = Buffer.concat([TINY_PNG, Buffer.alloc(600 * 1024, 'z')]);

describe(`images kept in a bucket, on ${dialectName}`, () => {
  it('stores an upload in the bucket, not the folder, and serves it whole with the immutable headers', async () => {
    expect(t.app.images.blobs.kind).toBe('bucket');
    const res = await callers.call('tutor', {
      method: 'POST',
      url: '/v1/tutor/images',
      payload: upload('a.png', BIG_PNG),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = sha(BIG_PNG);
    expect(await t.app.images.blobs.has(id)).toBe(true);
    expect(await new FolderBlobs(`${t.dataDir}/images`).has(id)).toBe(false);
    const served = await t.app.inject({ url: `/v1/images/${id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-type']).toBe('image/png');
    expect(Number(served.headers['content-length'])).toBe(BIG_PNG.length);
    expect(served.rawPayload.equals(BIG_PNG)).toBe(true);
  });

  it('exports a test with its pictures read from the bucket, and another tutor imports the file', async () => {
    const id = (
      await callers.call('tutor', { method: 'POST', url: '/v1/tutor/images', payload: upload('o.png', OTHER_PNG) })
    ).json().data.id as string;
    const draft = completeDraft();
    const question = draft.blocks[0]?.questions[0];
    if (!question) throw new Error('the fixture changed');
    question.image = { id, alt: { en: 'A picture', uk: 'Зображення' } };
    const made = await callers.call('tutor', { method: 'POST', url: '/v1/tutor/tests', payload: { draft } });
    expect(made.statusCode, made.body).toBe(201);
    const file = (
      await callers.call('tutor', { url: `/v1/tutor/tests/${made.json().data.id}/export` })
    ).json() as LessonFile;
    expect(file.images?.map((i) => Buffer.from(i.data, 'base64').equals(OTHER_PNG))).toEqual([true]);
    // Gone from the bucket and the table, the file alone brings it back.
    await t.database.db.deleteFrom('images').where('id', '=', id).execute();
    await t.app.images.blobs.remove(id);
    const imported = await callers.call('otherTutor', {
      method: 'POST',
      url: '/v1/tutor/tests/import',
      payload: { files: [file] },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(await t.app.images.blobs.has(id)).toBe(true);
    expect((await t.app.inject({ url: `/v1/images/${id}` })).rawPayload.equals(OTHER_PNG)).toBe(true);
  });

  it('sweeps an image nothing uses out of the bucket a week after it was last used', async () => {
    const id = (
      await callers.call('tutor', { method: 'POST', url: '/v1/tutor/images', payload: upload('t.png', TINY_PNG) })
    ).json().data.id as string;
    const sweep = () =>
      sweepStorage(t.database.db, { blobs: t.app.images.blobs, now: t.clock.now, dialect: t.database.dialect });
    expect((await sweep()).markedImages).toBeGreaterThan(0);
    t.clock.advance(IMAGE_UNUSED_MS + 60_000);
    expect((await sweep()).removedImages).toBeGreaterThan(0);
    expect(await t.app.images.blobs.has(id)).toBe(false);
    expect((await t.app.inject({ url: `/v1/images/${id}` })).statusCode).toBe(404);
  });

  it('still serves an image an older setup left in the folder, until it is moved', async () => {
    const bytes = Buffer.concat([TINY_PNG, Buffer.from('left in the folder')]);
    const id = sha(bytes);
    await new FolderBlobs(`${t.dataDir}/images`).write(id, bytes);
    await t.database.db
      .insertInto('images')
      .values({ id, type: 'image/png', bytes: bytes.length, uploaded_by: null, created_at: t.clock.now() })
      .execute();
    const served = await t.app.inject({ url: `/v1/images/${id}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    // Sent again meanwhile, it goes where every machine sees it (signed in again: the sweep's test moved the clock a week).
    expect(await t.app.images.blobs.has(id)).toBe(false);
    callers.tokens.tutor = (await t.app.accounts.issueTokens(callers.users.tutor)).token;
    const again = await callers.call('tutor', {
      method: 'POST',
      url: '/v1/tutor/images',
      payload: upload('l.png', bytes),
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(await t.app.images.blobs.has(id)).toBe(true);
  });

  it('says at start how many images are still in the folder, which other machines cannot read', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'zalik-left-'));
    const bytes = Buffer.concat([TINY_PNG, Buffer.from('not moved yet')]);
    await new FolderBlobs(join(dataDir, 'images')).write(sha(bytes), bytes);
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const other = await createTestApp({
      env: { S3_URL: s3.url('other'), DATA_DIR: dataDir },
      logger: { level: 'warn', stream },
    });
    try {
      await expect
        .poll(() => lines.find((line) => line.includes('still in the folder')))
        .toMatch(
          /"images":1,.*1 images are still in the folder, which other machines cannot read: npm run images:move/,
        );
    } finally {
      await other.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
