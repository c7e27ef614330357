/**
 * Deep Linking 2.0 through the app: a teacher's "add an activity" lands at the choice of a test (their
 * request, theirs alone, two hours, answered once); the chosen test becomes an assignment linked to
 * the course, and the signed answer passes the platform's checks with one ltiResourceLink (title,
 * launch address, the assignment, a line item, a window of its own); launches of that link land a
 * learner in the assignment and the teacher in its monitor.
 */
import { createLocalJWKSet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAINEST_RULES } from '../../../contract/assignments.ts';
import { LTI } from '../../services/lti/id-token.ts';
import { signedInUser } from '../../test/accounts.ts';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';
import { handoffCodeIn, launchThrough, refusalIn } from '../../test/lti-launch.ts';
import { TestPlatform } from '../../test/lti-platform.ts';
import { checkDeepLinkingResponse } from '../../test/lti-platform-deep-links.ts';

const PUBLIC_URL = 'https://zalik.example.org';
let t: TestApp;
let platform: TestPlatform;

beforeAll(async () => {
  platform = await TestPlatform.start();
  t = await createTestApp({ env: { PUBLIC_URL } });
  await t.app.lti.platforms.add(platform.form(), 'manual', null, 'en');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await platform?.close();
});

const as = (token: string) => ({ authorization: `Bearer ${token}` });

/** A deep linking launch of the teacher: their token and the request's id. */
async function addActivity(change: (claims: Record<string, unknown>) => void = () => {}) {
  const { location } = await launchThrough(t.app, platform, PUBLIC_URL, (nonce) => {
    const claims = platform.deepLinkingClaims(nonce, t.clock.value);
    change(claims);
    return claims;
  });
  const handoff = await t.app.inject({ method: 'POST', url: `/v1/lti/handoffs/${handoffCodeIn(location)}` });
  const { tokens, destination } = handoff.json().data;
  expect(destination.kind).toBe('deepLinking');
  return { token: tokens.token as string, id: destination.request as string };
}

const complete = (token: string, id: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/v1/lti/deep-links/${id}`, payload, headers: as(token) });

describe(`deep linking on ${dialectName}`, () => {
  it('gives the chosen test to the course and answers the platform with a signed resource link', async () => {
    const { token, id } = await addActivity();
    const request = await t.app.inject({ method: 'GET', url: `/v1/lti/deep-links/${id}`, headers: as(token) });
    expect(request.json().data).toMatchObject({ id, platform: 'Test platform', course: 'Geography 9B' });
    // Another tutor does not see it.
    const other = (await signedInUser(t.app, { email: 'x@example.com', role: 'tutor', emailVerified: true })).token;
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/lti/deep-links/${id}`, headers: as(other) })).statusCode,
    ).toBe(404);
    // A test that is not theirs is refused, and the request stays open.
    const refused = await complete(token, id, { test_id: crypto.randomUUID(), rules: PLAINEST_RULES });
    expect(refused.statusCode).toBe(404);
    const opens = Date.UTC(2026, 11, 1, 8);
    const done = await complete(token, id, {
      lesson_slug: 'fixture-sums',
      rules: { ...PLAINEST_RULES, opens_at: opens },
    });
    expect(done.statusCode, done.body).toBe(201);
    const answer = done.json().data;
    expect(answer.return_url).toBe(`${platform.origin}/deep-link-return`);
    const { items } = await checkDeepLinkingResponse(
      platform,
      answer.jwt,
      createLocalJWKSet(await t.app.lti.keys.jwks()),
      new Date(t.clock.value),
    );
    expect(items).toHaveLength(1);
    const [item] = items;
    expect(item).toMatchObject({
      type: 'ltiResourceLink',
      url: `${PUBLIC_URL}/v1/lti/launch`,
      custom: { zalik_assignment: answer.assignment_id },
      window: { targetName: `zalik-${answer.assignment_id}` },
      lineItem: { resourceId: answer.assignment_id, tag: 'zalik' },
      available: { startDateTime: new Date(opens).toISOString() },
    });
    expect(item?.lineItem?.scoreMaximum).toBeGreaterThan(0);
    expect(item?.lineItem?.label).toBe(item?.title);
    const link = await t.database.db
      .selectFrom('lti_links')
      .selectAll()
      .where('assignment_id', '=', answer.assignment_id)
      .executeTakeFirst();
    expect(link).toMatchObject({
      deployment_id: platform.deploymentId,
      context_id: 'course-9',
      context_title: 'Geography 9B',
    });
    // Answered once.
    expect((await complete(token, id, { lesson_slug: 'fixture-sums', rules: PLAINEST_RULES })).statusCode).toBe(409);

    // The link the platform made from the item: a learner lands in the assignment, the teacher in its monitor.
    const code = (
      await t.app.assignments.get((await t.app.accounts.userForToken(token))?.user.id ?? '', answer.assignment_id, 'en')
    ).code;
    const launchItem = async (change: Record<string, unknown>) => {
      const { location } = await launchThrough(t.app, platform, PUBLIC_URL, (nonce) => ({
        ...platform.launchClaims(nonce, t.clock.value),
        [`${LTI}custom`]: item?.custom,
        ...change,
      }));
      return (await t.app.inject({ method: 'POST', url: `/v1/lti/handoffs/${handoffCodeIn(location)}` })).json().data;
    };
    expect((await launchItem({})).destination).toEqual({ kind: 'assignment', code });
    const teacher = await launchItem({
      sub: 'teacher-7',
      [`${LTI}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
    });
    expect(teacher.destination).toEqual({ kind: 'monitor', assignment_id: answer.assignment_id });
  });

  it('refuses a deep linking request from a learner, and one that has expired', async () => {
    const { location } = await launchThrough(t.app, platform, PUBLIC_URL, (nonce) => ({
      ...platform.deepLinkingClaims(nonce, t.clock.value),
      sub: 'learner-5',
      [`${LTI}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
    }));
    expect(refusalIn(location)).toBe('role');
    const { token, id } = await addActivity();
    const teacher = (await t.app.accounts.userForToken(token))?.user;
    t.clock.advance(2 * 3_600_000 + 1);
    const fresh = (await t.app.accounts.issueTokens(teacher as NonNullable<typeof teacher>)).token;
    const late = await complete(fresh, id, { lesson_slug: 'fixture-sums', rules: PLAINEST_RULES });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toMatch(/expired/);
  });
});
