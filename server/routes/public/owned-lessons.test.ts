import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/accounts.ts';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';
import { runningSessionRow } from '../../test/session-rows.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const tutor = await makeUser(t.app, { email: 'owner@example.com', role: 'tutor', emailVerified: true });
  const db = t.database.db;
  const fixture = await db
    .selectFrom('lessons')
    .selectAll()
    .where('slug', '=', 'fixture-sums')
    .executeTakeFirstOrThrow();
  const { max } = await db
    .selectFrom('lessons')
    .select((eb) => eb.fn.max<number>('id').as('max'))
    .executeTakeFirstOrThrow();
  // A tutor's published test in the fixture's place, and one with no place in the catalog at all.
  await db
    .insertInto('lessons')
    .values([
      { ...fixture, id: Number(max) + 1, slug: 'tutors-own', owner_id: tutor.id },
      { ...fixture, id: Number(max) + 2, slug: 'tutors-unplaced', owner_id: tutor.id, specialization_id: null },
    ])
    .execute();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe(`a tutor's own lessons on ${dialectName}`, () => {
  it('are never listed in the public catalog, counted on the main page, or opened and started from it', async () => {
    const list = await t.app.inject({ url: '/v1/public/lessons/list?subject_slug=arithmetic&subject_spec_slug=sums' });
    expect(list.statusCode).toBe(200);
    const slugs = list.json().data.map((l: { slug: string }) => l.slug);
    expect(slugs).toContain('fixture-sums');
    expect(slugs).not.toContain('tutors-own');

    const subjects = await t.app.inject({ url: '/v1/public/subjects/list' });
    expect(subjects.body).not.toContain('tutors-');

    for (const slug of ['tutors-own', 'tutors-unplaced']) {
      expect((await t.app.inject({ url: `/v1/public/lessons/${slug}` })).statusCode, slug).toBe(404);
      const start = await t.app.inject({ method: 'POST', url: `/v1/public/lessons/${slug}/start`, payload: {} });
      expect(start.statusCode, slug).toBe(404);
    }
    // The catalog's own lesson still starts.
    const start = await t.app.inject({ method: 'POST', url: '/v1/public/lessons/fixture-sums/start', payload: {} });
    expect(start.statusCode).toBe(201);
  });

  it('keep the foreign keys after the schema change: a session of no lesson is refused', async () => {
    // A whole row, valid but for its lesson: the foreign keys alone refuse it.
    const session = runningSessionRow({ id: 999_999, current_version_id: 999_999, max_score: 1 });
    await expect(t.database.db.insertInto('online_sessions').values(session).execute()).rejects.toThrow();
  });
});
