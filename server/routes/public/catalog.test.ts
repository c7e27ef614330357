import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LessonList,
  LessonPreview,
  MainPage,
  PageInfo,
  SpecializationList,
  SubjectList,
} from '../../../contract/index.ts';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, lang?: string) =>
  t.app.inject({ url, headers: lang ? { 'application-language': lang } : {} });

describe(`public catalog on ${dialectName}`, () => {
  it('lists subjects in the language of the application-language header, en by default', async () => {
    const uk = await get('/v1/public/subjects/list', 'uk');
    expect(uk.statusCode).toBe(200);
    const data = uk.json().data;
    assert(data, SubjectList);
    expect(data.map((s) => [s.slug, s.title, s.audience])).toEqual([
      ['arithmetic', 'Арифметика', 'student'],
      ['didactics', 'Didactics (uk)', 'tutor'],
    ]);
    // Published lessons only: the draft does not count.
    expect(data[0]).toMatchObject({ specialization_count: 2, lesson_count: 1 });
    for (const [lang, title] of [
      ['pl-PL', 'Arytmetyka'],
      ['xx', 'Arithmetic'],
      [undefined, 'Arithmetic'],
    ] as const) {
      expect((await get('/v1/public/subjects/list', lang)).json().data[0].title).toBe(title);
    }
  });

  it('filters subjects by audience and refuses unknown filters', async () => {
    const tutors = (await get('/v1/public/subjects/list?audience=tutor')).json().data;
    expect(tutors.map((s: { slug: string }) => s.slug)).toEqual(['didactics']);
    for (const url of ['/v1/public/subjects/list?audience=admin', '/v1/public/subjects/list?page=2']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors).toBeDefined();
    }
  });

  it('lists specializations by subject id or slug', async () => {
    const bySlug = (await get('/v1/public/specializations/list?subject_slug=arithmetic')).json().data;
    assert(bySlug, SpecializationList);
    expect(bySlug.map((s) => [s.slug, s.lesson_count])).toEqual([
      ['sums', 1],
      ['empty', 0],
    ]);
    const byId = (await get(`/v1/public/specializations/list?subject_id=${bySlug[0]?.subject_id}`)).json().data;
    expect(byId).toEqual(bySlug);
    expect((await get('/v1/public/specializations/list')).statusCode).toBe(422);
    expect((await get('/v1/public/specializations/list?subject_id=abc')).statusCode).toBe(422);
    expect((await get('/v1/public/specializations/list?subject_id=-1')).statusCode).toBe(422);
    expect((await get('/v1/public/specializations/list?subject_slug=nope')).statusCode).toBe(404);
    expect((await get('/v1/public/specializations/list?subject_id=424242')).statusCode).toBe(404);
  });

  it('lists the published lessons of a specialization', async () => {
    const res = await get('/v1/public/lessons/list?subject_slug=arithmetic&subject_spec_slug=sums', 'ru');
    const data = res.json().data;
    assert(data, LessonList);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      slug: 'fixture-sums',
      title: 'Суммы',
      duration_seconds: 600,
      question_count: 4,
      max_score: 7,
      subject: { slug: 'arithmetic' },
      specialization: { slug: 'sums' },
    });
    const ids = await get(
      `/v1/public/lessons/list?subject_id=${data[0]?.subject.id}&subject_spec_id=${data[0]?.specialization.id}`,
      'ru',
    );
    expect(ids.json().data).toEqual(data);
    expect((await get('/v1/public/lessons/list?subject_slug=arithmetic')).statusCode).toBe(422);
    expect((await get('/v1/public/lessons/list?subject_slug=arithmetic&subject_spec_slug=basics')).statusCode).toBe(
      404,
    );
    expect((await get('/v1/public/lessons/list?subject_slug=arithmetic&subject_spec_slug=empty')).json().data).toEqual(
      [],
    );
  });

  it('previews a lesson by slug or id without its questions', async () => {
    const res = await get('/v1/public/lessons/fixture-sums?preview=1');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    assert(data, LessonPreview);
    expect(data.blocks).toEqual([
      { id: 'first', title: 'First block', question_count: 2 },
      { id: 'second', title: 'Second block', question_count: 2 },
    ]);
    expect(res.body).not.toMatch(/"questions"|correct|2 \+ 2/);
    expect((await get(`/v1/public/lessons/${data.id}`)).json().data).toEqual(data);
    expect((await get('/v1/public/lessons/fixture-draft')).statusCode).toBe(404);
    expect((await get('/v1/public/lessons/UPPER')).statusCode).toBe(422);
    expect((await get('/v1/public/lessons/fixture-sums?preview=maybe')).statusCode).toBe(422);
  });

  it('answers the main page and page info with SEO fields', async () => {
    const main = (await get('/v1/public/main-page', 'pl')).json().data;
    assert(main, MainPage);
    expect(main).toMatchObject({
      title: 'Zalik test site (pl)',
      seo: { title: 'Fixture SEO (pl)' },
      subject_count: { student: 1, tutor: 1 },
      lesson_count: 2,
    });
    const subject = (await get('/v1/public/subjects/page-info?subject_slug=arithmetic')).json().data;
    assert(subject, PageInfo);
    expect(subject).toEqual({
      title: 'Arithmetic',
      description: 'Numbers',
      seo: { title: 'Arithmetic tests', description: 'Arithmetic tests online' },
    });
    const spec = (
      await get('/v1/public/specializations/page-info?subject_slug=arithmetic&subject_spec_slug=sums')
    ).json().data;
    expect(spec.seo).toEqual({ title: 'Sums', description: 'Adding numbers' });
    expect((await get('/v1/public/subjects/page-info')).statusCode).toBe(422);
    expect((await get('/v1/public/specializations/page-info?subject_slug=arithmetic')).statusCode).toBe(422);
    expect(
      (await get('/v1/public/specializations/page-info?subject_slug=arithmetic&subject_spec_slug=x')).statusCode,
    ).toBe(404);
  });

  it('answers unknown /v1 paths and methods with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/v1/nope'],
      ['GET', '/v1/public/lessons/fixture-sums/extra'],
      ['DELETE', '/v1/public/subjects/list'],
      ['GET', '/v1'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().message).toMatch(/Not found/);
    }
  });
});

describe(`odd requests on ${dialectName}`, () => {
  it('answers malformed URLs and parameters with a 4xx and the error envelope, never a 500', async () => {
    const urls = [
      '/v1/public/lessons/%E0%A4%A',
      `/v1/public/lessons/${'a'.repeat(300)}`,
      '/v1/public/lessons/online/%00/results?api_token=x',
      '/v1/public/subjects/list?audience=student&audience=tutor',
      '/v1/public/specializations/list?subject_id[]=1',
      '/v1/public/specializations/list?subject_slug=%3Cscript%3E',
      "/v1/public/specializations/list?subject_slug=x'%20OR%201=1--",
      '/v1/public/lessons/list?subject_id=99999999999999999999&subject_spec_id=1',
      '/v1/public/lessons/online/00000000-0000-0000-0000-000000000000/blocks/..%2F..?api_token=x',
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(typeof res.json().message, url).toBe('string');
      expect(res.body, url).not.toMatch(/at .*\.ts:|SELECT|sqlite|stack/i);
    }
  });
});
