import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLAINEST_RULES } from '../../../contract/assignments.ts';
import type { LessonFile } from '../../../contract/content.ts';
import type { TestDraft } from '../../../contract/tutor-tests.ts';
import { completeDraft } from '../../routes/tutor/draft-fixture.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { TINY_PNG, upload } from '../../test/images.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';
import { IMAGE_UNUSED_MS, PREVIEW_KEPT_MS, sweepStorage } from './storage-sweep.ts';

const MB = 1024 * 1024;
let t: TestApp;
let callers: Callers;
const call: Callers['call'] = (who, options) => callers.call(who, options);

beforeAll(async () => {
  t = await createTestApp({ env: { TUTOR_STORAGE_MB: '1' } });
  callers = await tutorCallers(t.app);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await t.database.db.deleteFrom('tutor_tests').execute();
  // The sweep's tests move the clock by days: sign everyone in again.
  for (const who of ['tutor', 'otherTutor', 'student'] as const) {
    callers.tokens[who] = (await t.app.accounts.issueTokens(callers.users[who])).token;
  }
});

/** A PNG of about `kb` KB, different for each `tag` (its type is read from the first bytes only). */
const png = (kb: number, tag: string) => Buffer.concat([TINY_PNG, Buffer.alloc(kb * 1024 - TINY_PNG.length, tag)]);
const post = (bytes: Buffer, who: 'tutor' | 'otherTutor' = 'tutor') =>
  call(who, { method: 'POST', url: '/v1/tutor/images', payload: upload('x.png', bytes) });
const used = (who: 'tutor' | 'otherTutor' = 'tutor') => t.app.tutorTests.storageUsedBy(callers.users[who].id);
const sweep = () =>
  sweepStorage(t.database.db, { blobs: t.app.images.blobs, now: t.clock.now, dialect: t.database.dialect });
const stored = (id: string) => t.app.images.blobs.has(id);

/** Stored bytes made to look written at `at`, in whichever kind keeps them here. */
async function writtenAt(id: string, at: number) {
  if (t.app.images.blobs.kind === 'database') {
    await t.database.db.updateTable('image_chunks').set({ written_at: at }).where('image_id', '=', id).execute();
    return;
  }
  const path = join(t.dataDir, 'images', id.slice(0, 2), id);
  await utimes(path, new Date(at), new Date(at));
}

function withImage(id: string, draft: TestDraft = completeDraft()): TestDraft {
  const question = draft.blocks[0]?.questions[0];
  if (!question) throw new Error('the fixture changed');
  question.image = { id, alt: { en: 'A picture', uk: 'Зображення' } };
  return draft;
}

async function create(draft: TestDraft, who: 'tutor' | 'otherTutor' = 'tutor'): Promise<string> {
  const res = await call(who, { method: 'POST', url: '/v1/tutor/tests', payload: { draft } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

describe(`each tutor's storage on ${dialectName}`, () => {
  it('keeps a tutor’s images and versions within TUTOR_STORAGE_MB, refusing what would not fit and storing none of it', async () => {
    const a = await post(png(400, 'a'));
    const b = await post(png(400, 'b'));
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(await used()).toBe(800 * 1024);
    const before = await tableDigest(t.database.db);
    const third = await post(png(400, 'c'), 'tutor');
    expect(third.statusCode, third.body).toBe(409);
    expect(third.json().message).toMatch(/more than your 1 MB/);
    expect(await tableDigest(t.database.db)).toEqual(before);
    // The same picture again adds nothing; another tutor has storage of their own.
    expect((await post(png(400, 'a'))).statusCode).toBe(201);
    expect((await post(png(400, 'c'), 'otherTutor')).statusCode).toBe(201);

    // An import whose pictures would not fit is refused whole: no test, no image row, no file.
    const withC = await create(withImage((await post(png(1, 'small'), 'otherTutor')).json().data.id), 'otherTutor');
    const file = (await call('otherTutor', { url: `/v1/tutor/tests/${withC}/export` })).json() as LessonFile;
    const big = png(300, 'd');
    const image = { id: (await post(big, 'otherTutor')).json().data.id, type: 'image/png' as const };
    const importFile = {
      ...file,
      blocks: structuredClone(file.blocks),
      images: [{ ...image, data: big.toString('base64') }],
    };
    const imported = importFile.blocks[0]?.questions[0];
    if (imported?.image) imported.image.id = image.id;
    await t.database.db.deleteFrom('images').where('id', '=', image.id).execute();
    const digest = await tableDigest(t.database.db);
    const refused = await call('tutor', {
      method: 'POST',
      url: '/v1/tutor/tests/import',
      payload: { files: [importFile] },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await tableDigest(t.database.db)).toEqual(digest);

    // A version that would not fit (published or previewed) is refused too.
    const draft = completeDraft();
    const question = draft.blocks[0]?.questions[0];
    if (!question) throw new Error('the fixture changed');
    question.text = { en: 'x'.repeat(9_000), uk: 'и'.repeat(9_000) };
    question.explanation = { en: 'y'.repeat(9_000), uk: 'ї'.repeat(9_000) };
    await post(png(200, 'e'));
    const test = await create(draft);
    expect(MB - (await used())).toBeLessThan(36_000);
    for (const action of ['publish', 'preview']) {
      const res = await call('tutor', { method: 'POST', url: `/v1/tutor/tests/${test}/${action}`, payload: {} });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(409);
    }
  });

  it('holds the quota under parallel uploads: what fits is taken, the rest refused, never more than the quota', async () => {
    const tutorId = callers.users.tutor.id;
    await t.database.db.deleteFrom('images').where('uploaded_by', '=', tutorId).execute();
    const room = MB - (await used());
    const each = 300;
    const fit = Math.floor(room / (each * 1024));
    expect(fit).toBeGreaterThan(1);
    const sent = await Promise.all(Array.from({ length: 8 }, (_, n) => post(png(each, `parallel${n}`))));
    const codes = sent.map((res) => res.statusCode).sort();
    expect(codes).toEqual([...Array(fit).fill(201), ...Array(8 - fit).fill(409)]);
    expect(await used()).toBe(MB - room + fit * each * 1024);
    expect(await used()).toBeLessThanOrEqual(MB);
  });
});

describe(`the storage sweep on ${dialectName}`, () => {
  it('removes an image nothing refers to once it has stayed unused a week, and keeps one a draft shows', async () => {
    const kept = (await post(png(2, 'kept'))).json().data.id as string;
    const dropped = (await post(png(2, 'dropped'))).json().data.id as string;
    await create(withImage(kept));
    const first = await sweep();
    expect(first.removedImages).toBe(0);
    expect(first.markedImages).toBeGreaterThanOrEqual(1);
    t.clock.advance(IMAGE_UNUSED_MS - 60_000);
    expect((await sweep()).removedImages).toBe(0);
    t.clock.advance(120_000);
    callers.tokens.tutor = (await t.app.accounts.issueTokens(callers.users.tutor)).token;
    const second = await sweep();
    expect(second.removedImages).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject({ url: `/v1/images/${dropped}` })).statusCode).toBe(404);
    expect(await stored(dropped)).toBe(false);
    expect((await t.app.inject({ url: `/v1/images/${kept}` })).statusCode).toBe(200);
    // Sent again, it is stored again and starts over.
    expect((await post(png(2, 'dropped'))).statusCode).toBe(201);
    expect((await t.app.inject({ url: `/v1/images/${dropped}` })).statusCode).toBe(200);
  });

  it(`removes stored bytes no row names once they are a week old (${process.env.DATABASE_URL ? 'database' : 'folder'})`, async () => {
    const id = 'ab'.repeat(32);
    await t.app.images.blobs.write(id, png(1, 'orphan'));
    await writtenAt(id, t.clock.now() - 60_000);
    expect((await sweep()).removedFiles).toBe(0);
    expect(await stored(id)).toBe(true);
    await writtenAt(id, t.clock.now() - IMAGE_UNUSED_MS - 60_000);
    expect((await sweep()).removedFiles).toBe(1);
    expect(await stored(id)).toBe(false);
  });

  it('prunes the versions only previews used, a day after, and writes one again when it is previewed again', async () => {
    const test = await create(completeDraft());
    const preview = async () => {
      const res = await call('tutor', { method: 'POST', url: `/v1/tutor/tests/${test}/preview`, payload: {} });
      expect(res.statusCode, res.body).toBe(201);
      const session = res.json().data as { uuid: string; api_token: string };
      const done = await call(null, {
        method: 'POST',
        url: `/v1/public/lessons/online/${session.uuid}/finish?api_token=${session.api_token}`,
        payload: {},
      });
      expect(done.statusCode, done.body).toBe(200);
      return session;
    };
    const saveDraft = async (draft: TestDraft) => {
      const current = (await call('tutor', { url: `/v1/tutor/tests/${test}` })).json().data;
      const res = await call('tutor', {
        method: 'PUT',
        url: `/v1/tutor/tests/${test}/draft`,
        payload: { revision: current.revision, draft },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const firstDraft = completeDraft();
    const early = await preview();
    const changed = completeDraft();
    changed.title = { en: 'Changed', uk: 'Змінено' };
    await saveDraft(changed);
    await preview();
    const published = await call('tutor', { method: 'POST', url: `/v1/tutor/tests/${test}/publish`, payload: {} });
    expect(published.statusCode, published.body).toBe(200);
    const usedBefore = await used();
    const { lesson_version_id: pruned } = await t.database.db
      .selectFrom('online_sessions')
      .select('lesson_version_id')
      .where('uuid', '=', early.uuid)
      .executeTakeFirstOrThrow();
    const contentOf = async () =>
      (
        await t.database.db
          .selectFrom('lesson_versions')
          .select('content')
          .where('id', '=', pruned)
          .executeTakeFirstOrThrow()
      ).content;

    expect((await sweep()).prunedVersions).toBe(0);
    t.clock.advance(PREVIEW_KEPT_MS + 60_000);
    const report = await sweep();
    expect(report).toMatchObject({ prunedVersions: 1, removedSessions: 1 });
    expect(await used()).toBeLessThan(usedBefore);
    callers.tokens.tutor = (await t.app.accounts.issueTokens(callers.users.tutor)).token;
    const left = await t.database.db
      .selectFrom('online_sessions')
      .select('uuid')
      .where('uuid', '=', early.uuid)
      .execute();
    expect(left).toEqual([]);
    expect(await contentOf()).toBe('');

    // The current version stays; the first draft previewed again is written again under its id.
    await saveDraft(firstDraft);
    const again = await call('tutor', { method: 'POST', url: `/v1/tutor/tests/${test}/preview`, payload: {} });
    expect(again.statusCode, again.body).toBe(201);
    const session = again.json().data as { uuid: string; api_token: string; sealed?: { version: number } };
    const block = await call(null, {
      url: `/v1/public/lessons/online/${session.uuid}/blocks/b1?api_token=${session.api_token}`,
    });
    expect(block.statusCode, block.body).toBe(200);
    expect((await contentOf()).length).toBeGreaterThan(0);
    expect(session.sealed?.version ?? pruned).toBe(pruned);
    expect(await sweep()).toMatchObject({ prunedVersions: 0 });
  });

  it('never prunes a version a taker started, nor the current one', async () => {
    const test = await create(completeDraft());
    await call('tutor', { method: 'POST', url: `/v1/tutor/tests/${test}/publish`, payload: {} });
    const made = await call('tutor', {
      method: 'POST',
      url: '/v1/tutor/assignments',
      payload: { test_id: test, rules: PLAINEST_RULES },
    });
    const code = made.json().data.code;
    const taker = await call(null, {
      method: 'POST',
      url: `/v1/public/assignments/${code}/start`,
      payload: { display_name: 'Ann' },
    });
    expect(taker.statusCode, taker.body).toBe(201);
    const draft = completeDraft();
    draft.title = { en: 'Second', uk: 'Друга' };
    const current = (await call('tutor', { url: `/v1/tutor/tests/${test}` })).json().data;
    await call('tutor', {
      method: 'PUT',
      url: `/v1/tutor/tests/${test}/draft`,
      payload: { revision: current.revision, draft },
    });
    await call('tutor', { method: 'POST', url: `/v1/tutor/tests/${test}/publish`, payload: {} });
    t.clock.advance(30 * PREVIEW_KEPT_MS);
    expect((await sweep()).prunedVersions).toBe(0);
    const { uuid, api_token } = taker.json().data;
    const state = await call(null, { url: `/v1/public/lessons/online/${uuid}?api_token=${api_token}` });
    expect(state.statusCode, state.body).toBe(200);
  });
});
