/**
 * The text rule at the edges where it was broken: a NUL in an e-mail or a name was stored on SQLite
 * (an account and a mail made) and was a 500 on PostgreSQL (22021), at registration and at login.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { REGISTRATION } from '../../test/accounts.ts';
import { expectRefusal } from '../../test/bad-input.ts';
import { createTestApp, createTestDatabase, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { isUnstorableText } from './errors.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

const registration = REGISTRATION;

const BAD = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\uD800', '\uDFFF'];

describe(`the text rule on ${dialectName}`, () => {
  it('refuses control characters and broken Unicode in every registration field, storing and mailing nothing', async () => {
    const before = await tableDigest(t.database.db);
    for (const field of ['email', 'firstname', 'lastname', 'password', 'timezone'] as const) {
      for (const bad of BAD) {
        const value = registration[field];
        const body = { ...registration, [field]: `${value.slice(0, 2)}${bad}${value.slice(2)}` };
        if (field === 'password') body.password_confirmation = body.password;
        const res = await t.app.inject({
          method: 'POST',
          url: '/v1/auth/register',
          payload: body,
          headers: { 'application-language': 'uk' },
        });
        const what = `${field} with ${JSON.stringify(bad)}`;
        expectRefusal(res, what);
        expect(res.statusCode, what).toBe(422);
        const named = field === 'password' ? ['password', 'password_confirmation'] : [field];
        expect(Object.keys(res.json().errors).sort(), what).toEqual(named);
      }
    }
    // A name is one line: a line break or a tab is refused there too, in the request's language.
    const twoLines = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: { ...registration, firstname: 'Ole\nna' },
      headers: { 'application-language': 'pl' },
    });
    expect(twoLines.statusCode).toBe(422);
    expect(twoLines.json().errors.firstname).toEqual(['Musi być jedną linią (bez podziałów wiersza i tabulatorów)']);
    expect(await tableDigest(t.database.db)).toEqual(before);
    expect(t.mails).toHaveLength(0);
    // The same registration without the bad character goes through.
    const ok = await t.app.inject({ method: 'POST', url: '/v1/auth/register', payload: registration });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a NUL in the e-mail or password at sign-in with 422, not a 500', async () => {
    for (const payload of [
      { email: 'olena\u0000@example.com', password: 'sunflower-42' },
      { email: 'olena@example.com', password: 'sunflower\u0000-42' },
      { email: '\uD800@example.com', password: 'sunflower-42' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload });
      expectRefusal(res, JSON.stringify(payload));
      expect(res.statusCode).toBe(422);
    }
  });

  it('refuses bad text in queries, path parameters and JSON keys, and URLs whose query does not decode', async () => {
    const cases: [string, number][] = [
      ['/v1/public/specializations/list?subject_slug=arith%00metic', 422],
      ['/v1/public/specializations/list?subject_slug=arith%1Bmetic', 422],
      ['/v1/public/specializations/list?subject_slug=arith%C2%85metic', 422],
      ['/v1/public/specializations/list?subject_slug=%ED%A0%80', 400],
      ['/v1/public/specializations/list?subject_slug=%ff', 400],
      ['/v1/public/specializations/list?subject_slug=100%', 400],
      ['/v1/public/lessons/fixture%00sums', 422],
    ];
    for (const [url, status] of cases) {
      const res = await t.app.inject({ url });
      expectRefusal(res, url);
      expect(res.statusCode, url).toBe(status);
    }
    const key = await t.app.inject({
      method: 'POST',
      url: '/v1/public/lessons/fixture-sums/start',
      payload: '{"role":"student","\\u0000":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(key.statusCode).toBe(422);
    expect(await t.database.db.selectFrom('online_sessions').selectAll().execute()).toHaveLength(0);
  });

  it('refuses a bad typed answer on its own and keeps the rest of its batch', async () => {
    const start = await t.app.inject({ method: 'POST', url: '/v1/public/lessons/fixture-sums/start', payload: {} });
    const s = start.json().data as { uuid: string; api_token: string };
    const item = (question_id: string, value: unknown) => ({
      answer_id: randomUUID(),
      question_id,
      value,
      answered_at: t.clock.value,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`,
      payload: [item('q1', 'b'), item('q3', 'add\u0000ition'), item('q3', 'add\tition'), item('q4', 2.75)],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.results.map((r: { status: number }) => r.status)).toEqual([201, 422, 422, 201]);
    const stored = await t.database.db.selectFrom('answers').select('question_id').execute();
    expect(stored.map((a) => a.question_id).sort()).toEqual(['q1', 'q4']);
    const single = await t.app.inject({
      method: 'POST',
      url: `/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`,
      payload: item('q3', 'addition\u009f'),
    });
    expect(single.statusCode).toBe(422);
    expect(single.json().errors).toEqual({ value: ['Contains a control character'] });
  });
});

describe(`text the database cannot store, on ${dialectName}`, () => {
  it('is a 422 with a message, never a 500', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: loadConfig({ DIST_DIR: 'none' }), database, jobs: false });
    // A route the text rule does not guard, as a route with a bug in it would be.
    app.get('/v1/test/unstorable', async () => {
      if (dialectName === 'postgres') await sql`select ${'a\u0000b'}::text`.execute(database.db);
      else throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
      return { data: null };
    });
    try {
      const res = await app.inject({ url: '/v1/test/unstorable', headers: { 'application-language': 'ru' } });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual({ message: 'Запрос содержит текст, который невозможно сохранить' });
    } finally {
      await app.close();
      await database.dispose();
    }
    expect(isUnstorableText({ code: '22P05' })).toBe(true);
    expect(isUnstorableText({ code: '23505' })).toBe(false);
  });
});
