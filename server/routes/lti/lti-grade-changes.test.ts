/**
 * Every change of a learner's score reaches the platform's gradebook, each once and in order: the
 * finish of an attempt with an essay (PendingManual: a mark is awaited), the tutor's hand mark
 * (FullyGraded), and a re-score after the key was corrected.
 */
import { createLocalJWKSet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAINEST_RULES } from '../../../contract/assignments.ts';
import { LTI } from '../../services/lti/id-token.ts';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';
import { handoffCodeIn, launchThrough } from '../../test/lti-launch.ts';
import { TestPlatform } from '../../test/lti-platform.ts';
import { checkDeepLinkingResponse } from '../../test/lti-platform-deep-links.ts';
import { type PlatformGrades, servePlatformGrades } from '../../test/lti-platform-grades.ts';
import { essayDraft } from '../tutor/draft-fixture.ts';

const PUBLIC_URL = 'https://zalik.example.org';
let t: TestApp;
let platform: TestPlatform;
let grades: PlatformGrades;

beforeAll(async () => {
  platform = await TestPlatform.start();
  t = await createTestApp({ env: { PUBLIC_URL } });
  grades = servePlatformGrades(platform, async () => createLocalJWKSet(await t.app.lti.keys.jwks()), t.clock.now);
  await t.app.lti.platforms.add(platform.form(), 'manual', null, 'en');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await platform?.close();
});

const redeem = async (location: string) =>
  (await t.app.inject({ method: 'POST', url: `/v1/lti/handoffs/${handoffCodeIn(location)}` })).json().data;

describe(`score changes to the gradebook on ${dialectName}`, () => {
  it('sends the finish awaiting a mark, the mark, and a re-score, each once, in order', async () => {
    // The teacher's first launch (adding an activity) makes their account; their essay test is given.
    const deep = await redeem(
      (await launchThrough(t.app, platform, PUBLIC_URL, (n) => platform.deepLinkingClaims(n, t.clock.value))).location,
    );
    const teacherId = deep.tokens.user.id as string;
    const teacher = { authorization: `Bearer ${deep.tokens.token}` };
    const draft = essayDraft();
    const test = await t.app.tutorTests.create(teacherId, 'en', draft);
    await t.app.tutorTests.publish(teacherId, test.id);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/v1/lti/deep-links/${deep.destination.request}`,
      payload: { test_id: test.id, rules: PLAINEST_RULES },
      headers: teacher,
    });
    const keys = createLocalJWKSet(await t.app.lti.keys.jwks());
    const { items } = await checkDeepLinkingResponse(platform, answer.json().data.jwt, keys, new Date(t.clock.value));
    const assignmentId = answer.json().data.assignment_id as string;

    // The learner takes it: q1 right, the essay written.
    const learner = await redeem(
      (
        await launchThrough(t.app, platform, PUBLIC_URL, (n) => ({
          ...platform.launchClaims(n, t.clock.value),
          [`${LTI}custom`]: items[0]?.custom,
          'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': { lineitem: grades.lineitem(7) },
        }))
      ).location,
    );
    const started = await t.app.inject({
      method: 'POST',
      url: `/v1/public/assignments/${learner.destination.code}/start`,
      payload: {},
      headers: { authorization: `Bearer ${learner.tokens.token}` },
    });
    const s = started.json().data as { uuid: string; api_token: string };
    for (const [question_id, value] of [
      ['q1', 'a'],
      ['q-essay', 'Two halves make a whole.'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/public/lessons/online/${s.uuid}/answer`,
        payload: {
          api_token: s.api_token,
          answer_id: crypto.randomUUID(),
          question_id,
          value,
          answered_at: t.clock.value,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await t.app.inject({
      method: 'POST',
      url: `/v1/public/lessons/online/${s.uuid}/finish`,
      payload: { api_token: s.api_token },
    });
    t.clock.advance(60_000);
    // The teacher marks the essay.
    const marked = await t.app.inject({
      method: 'PUT',
      url: `/v1/tutor/assignments/${assignmentId}/marks/${s.uuid}/q-essay`,
      payload: { points: 2, comment: 'Good' },
      headers: teacher,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    t.clock.advance(60_000);
    // The key of q1 was wrong: corrected, published, re-scored.
    const q1 = draft.blocks[0]?.questions[0];
    if (q1?.type === 'single') q1.correct_option = 'b';
    await t.app.tutorTests.save(teacherId, test.id, test.revision, draft);
    await t.app.tutorTests.publish(teacherId, test.id);
    const rescored = await t.app.inject({
      method: 'POST',
      url: `/v1/tutor/assignments/${assignmentId}/rescore`,
      payload: {},
      headers: teacher,
    });
    expect(rescored.statusCode, rescored.body).toBe(200);

    expect((await t.app.lti.grades.runOnce()).sent).toBe(3);
    expect(grades.scores.map((g) => [g.scoreGiven, g.gradingProgress])).toEqual([
      [1, 'PendingManual'],
      [3, 'FullyGraded'],
      [2, 'FullyGraded'],
    ]);
    const times = grades.scores.map((g) => Date.parse(g.timestamp));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(grades.scores.map((g) => g.userId))).toEqual(new Set(['learner-42']));
    expect((await t.app.lti.grades.runOnce()).sent).toBe(0);
  });
});
