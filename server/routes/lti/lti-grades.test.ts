/**
 * Grades back to the platform (AGS 2.0) through the durable queue, against a platform written from
 * the specifications: a learner's finish reaches the line item as a score with a service token got
 * by the tool's signed assertion; while the platform is down for an hour, finishes and a re-score
 * wait, and once it is back every one arrives, in order, none twice; a restart of Zalik while
 * scores wait loses none; a score the platform refuses for good is marked failed with the reason;
 * an assignment not made from a platform sends nothing. And the course's roster (NRPS 2.0) beside
 * the assignment, with who has started.
 */
import { createLocalJWKSet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAINEST_RULES } from '../../../contract/assignments.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { LTI } from '../../services/lti/id-token.ts';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';
import { handoffCodeIn, launchThrough } from '../../test/lti-launch.ts';
import { TestPlatform } from '../../test/lti-platform.ts';
import { checkDeepLinkingResponse } from '../../test/lti-platform-deep-links.ts';
import { type PlatformGrades, servePlatformGrades } from '../../test/lti-platform-grades.ts';
import { servePlatformRoster } from '../../test/lti-platform-roster.ts';

const PUBLIC_URL = 'https://zalik.example.org';
const AGS = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
const NRPS = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
const LEARNER = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner';
let t: TestApp;
let platform: TestPlatform;
let grades: PlatformGrades;
let custom: Record<string, string>;
let assignmentCode: string;
let teacherId: string;

beforeAll(async () => {
  platform = await TestPlatform.start();
  t = await createTestApp({ env: { PUBLIC_URL } });
  grades = servePlatformGrades(platform, async () => createLocalJWKSet(await t.app.lti.keys.jwks()), t.clock.now);
  await t.app.lti.platforms.add(platform.form(), 'manual', null, 'en');
  // The teacher adds the activity (three attempts each) by deep linking.
  const { location } = await launchThrough(t.app, platform, PUBLIC_URL, (nonce) =>
    platform.deepLinkingClaims(nonce, t.clock.value),
  );
  const handoff = (await redeem(location)).data;
  teacherId = handoff.tokens.user.id;
  const answer = await t.app.inject({
    method: 'POST',
    url: `/v1/lti/deep-links/${handoff.destination.request}`,
    payload: { lesson_slug: 'fixture-sums', rules: { ...PLAINEST_RULES, attempts: 3 } },
    headers: { authorization: `Bearer ${handoff.tokens.token}` },
  });
  const keys = createLocalJWKSet(await t.app.lti.keys.jwks());
  const { items } = await checkDeepLinkingResponse(platform, answer.json().data.jwt, keys, new Date(t.clock.value));
  custom = items[0]?.custom as Record<string, string>;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await platform?.close();
});

async function redeem(location: string) {
  return (await t.app.inject({ method: 'POST', url: `/v1/lti/handoffs/${handoffCodeIn(location)}` })).json();
}

/** A learner's launch of the activity (the launch names the line item), then an attempt taken and finished. */
async function takes(app: TestApp['app'], sub: string, right: boolean): Promise<string> {
  const { location } = await launchThrough(app, platform, PUBLIC_URL, (nonce) => ({
    ...platform.launchClaims(nonce, t.clock.value),
    sub,
    [`${LTI}custom`]: custom,
    [AGS]: { scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'], lineitem: grades.lineitem(1) },
    [NRPS]: { context_memberships_url: `${platform.origin}/memberships/course-9`, service_versions: ['2.0'] },
  }));
  const handoff = (await app.inject({ method: 'POST', url: `/v1/lti/handoffs/${handoffCodeIn(location)}` })).json()
    .data;
  assignmentCode = handoff.destination.code;
  const auth = { authorization: `Bearer ${handoff.tokens.token}` };
  const started = await app.inject({
    method: 'POST',
    url: `/v1/public/assignments/${assignmentCode}/start`,
    payload: {},
    headers: auth,
  });
  expect(started.statusCode, started.body).toBe(201);
  const s = started.json().data as { uuid: string; api_token: string };
  const answered = await app.inject({
    method: 'POST',
    url: `/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`,
    payload: {
      answer_id: crypto.randomUUID(),
      question_id: 'q1',
      value: right ? 'b' : 'a',
      answered_at: t.clock.value,
    },
  });
  expect(answered.statusCode, answered.body).toBeLessThan(300);
  const finished = await app.inject({
    method: 'POST',
    url: `/v1/public/lessons/online/${s.uuid}/finish`,
    payload: { api_token: s.api_token },
  });
  expect(finished.statusCode, finished.body).toBe(200);
  t.clock.advance(1000);
  return s.uuid;
}

const queue = () =>
  t.database.db.selectFrom('lti_scores').select(['session_uuid', 'state', 'attempts', 'last_error']).execute();

describe(`grades back to the platform on ${dialectName}`, () => {
  it('sends a learner’s finish to the line item, with a token got by the tool’s signed assertion', async () => {
    const uuid = await takes(t.app, 'learner-1', true);
    const row = await t.database.db
      .selectFrom('online_sessions')
      .selectAll()
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    expect((await t.app.lti.grades.runOnce()).sent).toBe(1);
    expect(grades.scores).toEqual([
      {
        lineitem: grades.lineitem(1),
        userId: 'learner-1',
        scoreGiven: Number(row.score),
        scoreMaximum: Number(row.max_score),
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
        timestamp: new Date(Number(row.finished_at)).toISOString(),
      },
    ]);
    expect(grades.tokenRequests[0]?.scope).toBe('https://purl.imsglobal.org/spec/lti-ags/scope/score');
    expect(grades.tokenRequests[0]?.claims).toMatchObject({ iss: platform.clientId, sub: platform.clientId });
    expect((await queue()).map((r) => r.state)).toEqual(['sent']);
    // Nothing is sent twice.
    expect((await t.app.lti.grades.runOnce()).sent).toBe(0);
    expect(grades.scores).toHaveLength(1);
  });

  it('keeps every score while the platform is down for an hour, then sends each once, in order', async () => {
    grades.scores.length = 0;
    grades.down = true;
    const made = [
      await takes(t.app, 'learner-2', false),
      await takes(t.app, 'learner-3', true),
      await takes(t.app, 'learner-2', true),
    ];
    for (let minute = 0; minute < 60; minute += 5) {
      expect((await t.app.lti.grades.runOnce()).sent).toBe(0);
      t.clock.advance(5 * 60_000);
    }
    const waiting = (await queue()).filter((r) => r.state === 'waiting');
    expect(waiting).toHaveLength(3);
    expect(waiting.some((r) => r.attempts > 1 && /^(token|answered):503$/.test(String(r.last_error)))).toBe(true);
    grades.down = false;
    t.clock.advance(10 * 60_000);
    expect((await t.app.lti.grades.runOnce()).sent).toBe(3);
    expect(grades.scores.map((s) => s.userId)).toEqual(['learner-2', 'learner-3', 'learner-2']);
    const times = grades.scores.map((s) => Date.parse(s.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect((await t.app.lti.grades.runOnce()).sent).toBe(0);
    expect(grades.scores).toHaveLength(3);
    expect(new Set(made).size).toBe(3);
  });

  it('loses no waiting score when Zalik restarts', async () => {
    grades.scores.length = 0;
    grades.down = true;
    await takes(t.app, 'learner-4', true);
    expect((await t.app.lti.grades.runOnce()).sent).toBe(0);
    // Another server over the same database, as after a restart: the queue is in the database.
    const again = await buildApp({
      config: loadConfig({ DIST_DIR: 'none', DATA_DIR: t.dataDir, PUBLIC_URL }),
      database: t.database,
      now: t.clock.now,
      jobs: false,
    });
    try {
      await again.ready();
      grades.down = false;
      t.clock.advance(10 * 60_000);
      expect((await again.lti.grades.runOnce()).sent).toBe(1);
      expect(grades.scores.map((s) => s.userId)).toEqual(['learner-4']);
    } finally {
      await again.close();
    }
  });

  it('marks a score the platform refuses for good as failed, with why, and goes on', async () => {
    grades.scores.length = 0;
    const refused = await takes(t.app, 'learner-5', true);
    await takes(t.app, 'learner-6', true);
    grades.refuseNext = 400;
    expect(await t.app.lti.grades.runOnce()).toMatchObject({ sent: 1, failed: 1 });
    const row = (await queue()).find((r) => r.session_uuid === refused);
    expect(row).toMatchObject({ state: 'failed', last_error: 'refused:400' });
    expect(grades.scores.map((s) => s.userId)).toEqual(['learner-6']);
    // The tutor's results say, per attempt, where its score stands at the gradebook.
    const teacher = await t.app.accounts.findById(teacherId);
    const token = (await t.app.accounts.issueTokens(teacher as NonNullable<typeof teacher>)).token;
    const results = await t.app.inject({
      url: `/v1/tutor/assignments/${custom.zalik_assignment}/results`,
      headers: { authorization: `Bearer ${token}` },
    });
    const bySession = new Map(
      results.json().data.attempts.map((a: { session: string; grade?: unknown }) => [a.session, a.grade]),
    );
    expect(bySession.get(refused)).toMatchObject({ state: 'failed', reason: 'refused:400' });
    expect([...bySession.values()].filter((g) => (g as { state?: string })?.state === 'sent')).toHaveLength(6);
  });

  it('shows the course’s roster beside the assignment, who has started, read on demand and kept a minute', async () => {
    const served = servePlatformRoster(platform, [
      {
        user_id: 'teacher-7',
        name: 'Ivan Petrenko',
        roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
      },
      { user_id: 'learner-1', name: 'Learner One', roles: [LEARNER] },
      { user_id: 'learner-77', name: 'Petro Shevchenko', roles: [LEARNER] },
      { user_id: 'learner-78', name: 'Gone Away', roles: [LEARNER], status: 'Deleted' },
    ]);
    const teacher = await t.app.accounts.findById(teacherId);
    const token = (await t.app.accounts.issueTokens(teacher as NonNullable<typeof teacher>)).token;
    const read = () =>
      t.app.inject({
        url: `/v1/tutor/assignments/${custom.zalik_assignment}/roster`,
        headers: { authorization: `Bearer ${token}` },
      });
    const roster = (await read()).json().data;
    expect(roster).toMatchObject({ linked: true, problem: null, read_at: t.clock.value });
    expect(roster.members).toEqual([
      { name: 'Ivan Petrenko', role: 'teacher', started: false },
      { name: 'Learner One', role: 'learner', started: true },
      { name: 'Petro Shevchenko', role: 'learner', started: false },
    ]);
    expect(served.reads).toBe(2);
    await read();
    expect(served.reads).toBe(2);
    t.clock.advance(61_000);
    await read();
    expect(served.reads).toBe(4);
  });

  it('sends nothing for an assignment not made from a platform', async () => {
    const before = (await queue()).length;
    const tutor = await t.app.accounts.create({
      email: 'plain-tutor@example.com',
      firstname: 'Plain',
      lastname: 'Tutor',
      password: null,
      role: 'tutor',
      locale: 'en',
      timezone: 'UTC',
      emailVerified: true,
    });
    const plain = await t.app.assignments.create(tutor.id, 'en', {
      lesson_slug: 'fixture-sums',
      rules: PLAINEST_RULES,
    });
    const s = await t.app.sessions.starts.assigned(await t.app.assignmentTakers.admit(plain.code, null, 'Bo'), 'en');
    await t.app.inject({
      method: 'POST',
      url: `/v1/public/lessons/online/${s.uuid}/finish`,
      payload: { api_token: s.api_token },
    });
    expect((await queue()).length).toBe(before);
  });
});
