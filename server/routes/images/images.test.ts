import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LessonFile } from '../../../contract/content.ts';
import { IMAGE_LIMITS } from '../../../contract/images.ts';
import type { TestDraft } from '../../../contract/tutor-tests.ts';
import { signedInUser } from '../../test/accounts.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { AVIF_HEADER, GIF_BYTES, OTHER_PNG, TINY_PNG, upload } from '../../test/images.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';
import { completeDraft } from '../tutor/draft-fixture.ts';

let t: TestApp;
let callers: Callers;

beforeAll(async () => {
  t = await createTestApp();
  callers = await tutorCallers(t.app);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const call: Callers['call'] = (who, options) => callers.call(who, options);

const post = (payload: unknown, language?: string) =>
  call('tutor', {
    method: 'POST',
    url: '/v1/tutor/images',
    payload: payload as object,
    ...(language ? { language } : {}),
  });

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The fixture's draft with a picture on its first question and on that question's first option. */
function withImages(questionImage: string, optionImage: string): TestDraft {
  const draft = completeDraft();
  const question = draft.blocks[0]?.questions[0];
  if (!question?.options?.[0]) throw new Error('the fixture changed');
  question.image = { id: questionImage, alt: { en: 'Eight apples', uk: 'Вісім яблук' } };
  question.options[0].image = { id: optionImage, alt: { en: 'Four apples', uk: 'Чотири яблука' } };
  return draft;
}

async function createTest(draft: TestDraft) {
  return call('tutor', { method: 'POST', url: '/v1/tutor/tests', payload: { draft } });
}

describe(`images of tutors' tests on ${dialectName}`, () => {
  it('stores an image once under the SHA-256 of its bytes and serves it to be cached for good', async () => {
    const first = await post(upload('dot.png', TINY_PNG));
    expect(first.statusCode, first.body).toBe(201);
    const id = sha(TINY_PNG);
    expect(first.json().data).toEqual({ id, type: 'image/png', bytes: TINY_PNG.length, url: `/v1/images/${id}` });
    // The same bytes again, under another name: the same image, not a second one.
    const again = await post(upload('another name.jpg', TINY_PNG));
    expect(again.json().data.id).toBe(id);
    const rows = await t.database.db.selectFrom('images').selectAll().where('id', '=', id).execute();
    expect(rows).toHaveLength(1);

    const served = await call(null, { url: `/v1/images/${id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(served.rawPayload, TINY_PNG)).toBe(0);

    const missing = await call(null, { url: `/v1/images/${'0'.repeat(64)}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('There is no such image');
  });

  it('reads the type from the bytes: AVIF, WebP and JPEG are taken, whatever their names', async () => {
    const webp = Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(8)]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16)]);
    for (const [name, bytes, type] of [
      ['picture.png', AVIF_HEADER, 'image/avif'],
      ['picture', webp, 'image/webp'],
      ['picture.gif', jpeg, 'image/jpeg'],
    ] as const) {
      const res = await post(upload(name, bytes));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.type).toBe(type);
    }
  });

  it('refuses a wrong type behind a right extension, an oversized file and an empty one, storing nothing', async () => {
    const before = await tableDigest(t.database.db);
    const oversized = Buffer.concat([TINY_PNG, Buffer.alloc(IMAGE_LIMITS.bytes + 1 - TINY_PNG.length)]);
    const cases = [
      [upload('photo.png', GIF_BYTES), 'This is not a PNG, JPEG, WebP or AVIF image, whatever its name says'],
      [
        upload('notes.jpg', Buffer.from('just some text, not a picture')),
        'This is not a PNG, JPEG, WebP or AVIF image, whatever its name says',
      ],
      [upload('big.png', oversized), 'An image may be at most 1 MB'],
      [upload('empty.png', Buffer.alloc(0)), 'The file is empty'],
    ] as const;
    for (const [payload, said] of cases) {
      const res = await post(payload);
      expect(res.statusCode, payload.name).toBe(422);
      expect(res.json()).toMatchObject({ message: said, errors: { data: [said] } });
    }
    // In the caller's language.
    const uk = await post(upload('photo.png', GIF_BYTES), 'uk');
    expect(uk.json().message).toBe('Це не зображення PNG, JPEG, WebP чи AVIF, хоч би що казала його назва');
    // Far beyond the limit: refused before it is read whole.
    const huge = await post({ name: 'huge.png', data: 'A'.repeat(3 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toEqual(expect.any(String));
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('takes base64 only as RFC 4648 writes it: a stray character, a bad padding or a non-zero bit is refused', async () => {
    const before = await tableDigest(t.database.db);
    const good = TINY_PNG.toString('base64');
    // Tested as a decoder would read them: each of these would decode (to the right bytes or others).
    const bad = [
      `${good}A`,
      `${good}AAAAA`,
      good.replace(/==$/, ''),
      good.replace(/==$/, '='),
      `${good.slice(0, -3)}h==`,
      `${good.slice(0, 8)}\n${good.slice(8)}`,
      `${good.slice(0, 8)} ${good.slice(8)}`,
      good.replace(/\+/g, '-').replace(/\//g, '_'),
      `${good.slice(0, 8)}=${good.slice(8)}`,
    ];
    for (const data of bad) {
      expect(data, 'not the same text').not.toBe(good);
      const res = await post({ name: 'tiny.png', data });
      expect(res.statusCode, data).toBe(422);
      expect(res.json().errors?.data, data).toBeDefined();
    }
    expect(await tableDigest(t.database.db)).toEqual(before);
    // Every length and padding a real encoder writes is taken.
    for (const bytes of [
      TINY_PNG,
      OTHER_PNG,
      Buffer.concat([TINY_PNG, Buffer.from('x')]),
      Buffer.concat([TINY_PNG, Buffer.from('xy')]),
    ]) {
      const res = await post(upload('ok.png', bytes));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.id).toBe(sha(bytes));
    }
  });

  it('lets only a tutor upload', async () => {
    expect(
      (await call(null, { method: 'POST', url: '/v1/tutor/images', payload: upload('a.png', TINY_PNG) })).statusCode,
    ).toBe(401);
    const student = await call('student', {
      method: 'POST',
      url: '/v1/tutor/images',
      payload: upload('a.png', TINY_PNG),
    });
    expect(student.statusCode).toBe(403);
  });

  it('saves a draft only with images that are stored, and within 20 MB of images a test', async () => {
    const stored = (await post(upload('dot.png', TINY_PNG))).json().data.id as string;
    const unknown = sha(Buffer.from('never uploaded'));
    const refused = await createTest(withImages(stored, unknown));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'blocks.0.questions.0.options.0.image': ['This image is not on the server: add it again'],
    });

    // 21 different images of 1 MB each: over the limit of a test together.
    const big: string[] = [];
    for (let i = 0; i < 21; i++) {
      const bytes = Buffer.concat([
        TINY_PNG,
        Buffer.alloc(IMAGE_LIMITS.bytes - TINY_PNG.length - 1, i),
        Buffer.from([i]),
      ]);
      big.push((await t.app.images.put(null, bytes)).id);
    }
    const heavy = completeDraft();
    heavy.blocks[0]?.questions.forEach((q, qi) => {
      q.options = (q.options ?? []).map((o, oi) => ({
        ...o,
        image: { id: big[(qi * 5 + oi) % 21] ?? '', alt: { en: 'x', uk: 'x' } },
      }));
    });
    // Spread over options of the two choice questions and padded with more options to use all 21.
    const choice = heavy.blocks[0]?.questions[1];
    if (!choice) throw new Error('the fixture changed');
    choice.options = big
      .map((id, i) => ({ id: `o${i}`, text: { en: `${i}`, uk: `${i}` }, image: { id, alt: { en: 'x', uk: 'x' } } }))
      .slice(0, 20);
    const first = heavy.blocks[0]?.questions[0];
    if (first) first.image = { id: big[20] ?? '', alt: { en: 'x', uk: 'x' } };
    const tooMuch = await createTest(heavy);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.images).toEqual(['The images of one test may take at most 20 MB together']);

    const saved = await createTest(withImages(stored, stored));
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it('asks for the description of each image in every language before publishing', async () => {
    const stored = (await post(upload('dot.png', TINY_PNG))).json().data.id as string;
    const draft = withImages(stored, stored);
    const question = draft.blocks[0]?.questions[0];
    if (question?.image) question.image.alt = { en: 'Eight apples' };
    const created = (await createTest(draft)).json().data;
    const checklist = await call('tutor', { url: `/v1/tutor/tests/${created.id}/checklist` });
    expect(checklist.json().data.problems).toEqual([
      { field: 'blocks.0.questions.0.image.alt.uk', message: 'The Ukrainian text is missing' },
    ]);
  });

  it('shows a published test’s images to its taker in their language, in the blocks and in the review', async () => {
    const a = (await post(upload('a.png', TINY_PNG))).json().data.id as string;
    const b = (await post(upload('b.png', OTHER_PNG))).json().data.id as string;
    const created = (await createTest(withImages(a, b))).json().data;
    const preview = await call('tutor', {
      method: 'POST',
      url: `/v1/tutor/tests/${created.id}/preview`,
      payload: {},
      language: 'uk',
    });
    expect(preview.statusCode, preview.body).toBe(201);
    const session = preview.json().data;
    const block = await call(null, {
      url: `/v1/public/lessons/online/${session.uuid}/blocks/b1?api_token=${session.api_token}`,
      language: 'uk',
    });
    expect(block.statusCode, block.body).toBe(200);
    const question = block.json().data.questions[0];
    expect(question.image).toEqual({ url: `/v1/images/${a}`, alt: 'Вісім яблук' });
    expect(question.options[0].image).toEqual({ url: `/v1/images/${b}`, alt: 'Чотири яблука' });
    expect(question.options[1].image).toBeUndefined();
  });

  it('exports a test with its images inside, and the file alone makes the same test for another tutor', async () => {
    const a = (await post(upload('a.png', TINY_PNG))).json().data.id as string;
    const b = (await post(upload('b.png', OTHER_PNG))).json().data.id as string;
    const created = (await createTest(withImages(a, b))).json().data;
    const file = (await call('tutor', { url: `/v1/tutor/tests/${created.id}/export` })).json() as LessonFile;
    expect(file.images?.map((i) => [i.id, i.type, Buffer.from(i.data, 'base64').length]).sort()).toEqual(
      [
        [a, 'image/png', TINY_PNG.length],
        [b, 'image/png', OTHER_PNG.length],
      ].sort(),
    );

    // On a server that has never seen these images.
    const elsewhere = await createTestApp();
    try {
      const { token } = await signedInUser(elsewhere.app, {
        email: 'far@example.com',
        role: 'tutor',
        emailVerified: true,
      });
      const auth = { authorization: `Bearer ${token}` };
      const tampered = structuredClone(file);
      const firstImage = tampered.images?.[0];
      if (firstImage)
        firstImage.data =
          OTHER_PNG.toString('base64') === firstImage.data ? TINY_PNG.toString('base64') : OTHER_PNG.toString('base64');
      const before = await tableDigest(elsewhere.database.db);
      const refused = await elsewhere.app.inject({
        method: 'POST',
        url: '/v1/tutor/tests/import',
        payload: { files: [tampered] },
        headers: auth,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors['files.0.images.0.data']).toEqual(['These bytes are not the image this id names']);
      expect(await tableDigest(elsewhere.database.db)).toEqual(before);

      const imported = await elsewhere.app.inject({
        method: 'POST',
        url: '/v1/tutor/tests/import',
        payload: { files: [file] },
        headers: auth,
      });
      expect(imported.statusCode, imported.body).toBe(201);
      const id = imported.json().data.tests[0].id;
      const again = await elsewhere.app.inject({ url: `/v1/tutor/tests/${id}/export`, headers: auth });
      expect({ ...again.json(), slug: file.slug }).toEqual(file);
      const image = await elsewhere.app.inject({ url: `/v1/images/${a}` });
      expect(Buffer.compare(image.rawPayload, TINY_PNG)).toBe(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('stores none of an import’s images when the import is refused for the number of tests', async () => {
    const a = (await post(upload('a.png', TINY_PNG))).json().data.id as string;
    const b = (await post(upload('b.png', OTHER_PNG))).json().data.id as string;
    const created = (await createTest(withImages(a, b))).json().data;
    const file = (await call('tutor', { url: `/v1/tutor/tests/${created.id}/export` })).json() as LessonFile;
    const full = await createTestApp({ env: { TUTOR_TESTS_MAX: '1' } });
    try {
      const { token } = await signedInUser(full.app, { email: 'full@example.com', role: 'tutor', emailVerified: true });
      const headers = { authorization: `Bearer ${token}` };
      const first = await full.app.inject({ method: 'POST', url: '/v1/tutor/tests', payload: {}, headers });
      expect(first.statusCode, first.body).toBe(201);
      const before = await tableDigest(full.database.db);
      const refused = await full.app.inject({
        method: 'POST',
        url: '/v1/tutor/tests/import',
        payload: { files: [file] },
        headers,
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(await tableDigest(full.database.db)).toEqual(before);
      expect(existsSync(join(full.dataDir, 'images')), 'no image file written').toBe(false);
      expect(await full.app.images.blobs.has(a), 'no image stored in any kind').toBe(false);
      expect((await full.app.inject({ url: `/v1/images/${a}` })).statusCode).toBe(404);
    } finally {
      await full.close();
    }
  });
});
