/**
 * Every endpoint against every kind of caller, cell by cell from server/test/permission-table.ts
 * (the same rows docs/api.md's "Who may do what" shows), each cell on fresh sessions and tokens.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAINEST_RULES } from '../../contract/assignments.ts';
import type { UsersTable } from '../db/schema.ts';
import { hashToken, newToken } from '../services/accounts/tokens.ts';
import { lessonFileOf } from '../services/question-banks/lesson-files.ts';
import { makeUser, TEST_PASSWORD as PASSWORD, REGISTRATION } from '../test/accounts.ts';
import { writtenEssayAttempt } from '../test/essay-attempt.ts';
import { createTestApp, dialectName, type TestApp, v1Routes } from '../test/helpers.ts';
import { TINY_PNG, upload } from '../test/images.ts';
import { TestPlatform } from '../test/lti-platform.ts';
import { CALLERS, type CallerKind, PERMISSIONS, withGeneratedTables } from '../test/permission-table.ts';
import { completeDraft } from './tutor/draft-fixture.ts';

let t: TestApp;
/** A learning platform for the LTI rows (dynamic registration asks it). */
let platform: TestPlatform;
let users: Record<'student' | 'tutor' | 'otherStudent' | 'otherTutor', UsersTable>;

interface Taken {
  uuid: string;
  api_token: string;
}

/** The metrics' bearer token in this app: whoever holds it may read them (access `secret`). */
const METRICS_TOKEN = 'permission-table-metrics-token-0123';

beforeAll(async () => {
  platform = await TestPlatform.start();
  t = await createTestApp({ env: { METRICS_TOKEN, LTI_ADMINS: 'tutor@example.com' } });
  const make = (email: string, role: 'student' | 'tutor') =>
    makeUser(t.app, { email, firstname: 'Test', lastname: 'Taker', role, emailVerified: true });
  users = {
    student: await make('student@example.com', 'student'),
    tutor: await make('tutor@example.com', 'tutor'),
    otherStudent: await make('other@example.com', 'student'),
    otherTutor: await make('other-tutor@example.com', 'tutor'),
  };
}, 60_000);

afterAll(async () => {
  await t?.close();
  await platform?.close();
});

/** The signed receipt of a finished attempt, as its device gets it. */
async function receiptOf(s: Taken) {
  const row = await t.app.database.db
    .selectFrom('online_sessions')
    .selectAll()
    .where('uuid', '=', s.uuid)
    .executeTakeFirstOrThrow();
  return (await t.app.receipts.of(row))?.receipt;
}

/** What one cell needs, made on first use so each cell starts from a clean state. */
function resources() {
  const memo = new Map<string, Promise<unknown>>();
  const once =
    <T>(name: string, make: () => Promise<T>) =>
    () => {
      if (!memo.has(name)) memo.set(name, make());
      return memo.get(name) as Promise<T>;
    };
  const token = (who: keyof typeof users) => once(`token:${who}`, async () => t.app.accounts.issueTokens(users[who]));
  const start = async (bearer?: string): Promise<Taken> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/public/lessons/fixture-sums/start',
      payload: {},
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const finish = async (s: Taken) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/public/lessons/online/${s.uuid}/finish`,
      payload: { api_token: s.api_token },
    });
    expect(res.statusCode, res.body).toBe(200);
    return s;
  };
  const student = token('student');
  /** An assignment of the tutor's, of a catalog lesson. */
  const assignment = once('assignment', async () =>
    t.app.assignments.create(users.tutor.id, 'en', { lesson_slug: 'fixture-sums', rules: PLAINEST_RULES }),
  );
  /** An attempt running in that assignment. */
  const assignmentAttempt = once('assignmentAttempt', async (): Promise<Taken> => {
    const admitted = await t.app.assignmentTakers.admit((await assignment()).code, null, 'Ann Lee');
    return t.app.sessions.starts.assigned(admitted, 'en');
  });
  /** An attempt running in an assignment that collects integrity signals. */
  const signalsAttempt = once('signalsAttempt', async (): Promise<Taken> => {
    const made = await t.app.assignments.create(users.tutor.id, 'en', {
      lesson_slug: 'fixture-sums',
      rules: { ...PLAINEST_RULES, collect_signals: true },
    });
    return t.app.sessions.starts.assigned(await t.app.assignmentTakers.admit(made.code, null, 'Cy'), 'en');
  });
  const r = {
    newAssignment: () =>
      t.app.assignments.create(users.tutor.id, 'en', { lesson_slug: 'fixture-sums', rules: PLAINEST_RULES }),
    signalsAttempt,
    student,
    tutor: token('tutor'),
    otherStudent: token('otherStudent'),
    otherTutor: token('otherTutor'),
    /** A draft of the tutor's, with a complete test in it. */
    tutorTest: once('tutorTest', async () => (await t.app.tutorTests.create(users.tutor.id, 'en', completeDraft())).id),
    image: once('image', async () => (await t.app.images.put(users.tutor.id, TINY_PNG)).id),
    /** An assignment anyone may start as often as the table needs. */
    openAssignment: once('openAssignment', async () =>
      t.app.assignments.create(users.tutor.id, 'en', {
        lesson_slug: 'fixture-sums',
        rules: { ...PLAINEST_RULES, attempts: 10 },
      }),
    ),
    /** An assignment that starts on the tutor's signal. */
    signalAssignment: once('signalAssignment', async () =>
      t.app.assignments.create(users.tutor.id, 'en', {
        lesson_slug: 'fixture-sums',
        rules: { ...PLAINEST_RULES, start: 'signal' },
      }),
    ),
    assignment,
    assignmentAttempt,
    /** An attempt finished in that assignment. */
    finishedAssignmentAttempt: once('finishedAssignmentAttempt', async () => finish(await assignmentAttempt())),
    /** An assignment of the tutor's own test with a finished attempt, and a corrected key published since. */
    rescorable: once('rescorable', async () => {
      const draft = completeDraft();
      const test = await t.app.tutorTests.create(users.tutor.id, 'en', draft);
      await t.app.tutorTests.publish(users.tutor.id, test.id);
      const made = await t.app.assignments.create(users.tutor.id, 'en', { test_id: test.id, rules: PLAINEST_RULES });
      await finish(
        await t.app.sessions.starts.assigned(await t.app.assignmentTakers.admit(made.code, null, 'Bo'), 'en'),
      );
      const q1 = draft.blocks[0]?.questions[0];
      if (q1?.type === 'single') q1.correct_option = 'b';
      await t.app.tutorTests.save(users.tutor.id, test.id, test.revision, draft);
      await t.app.tutorTests.publish(users.tutor.id, test.id);
      return made;
    }),
    /** An assignment of the tutor's test with an essay, and a finished attempt with an essay written in it. */
    markable: once('markable', async () => writtenEssayAttempt(t.app, users.tutor.id, 'en', t.clock.value)),
    /** A platform registered by hand (its own client id each time). */
    ltiPlatform: once('ltiPlatform', async () =>
      t.app.lti.platforms.add({ ...platform.form(), client_id: randomUUID() }, 'manual', null, 'en'),
    ),
    /** A one-use code of a launch, of the student. */
    ltiHandoff: async () => {
      const code = newToken();
      await t.database.db
        .insertInto('lti_handoffs')
        .values({
          code_hash: hashToken(code),
          user_id: users.student.id,
          destination: JSON.stringify({ destination: { kind: 'assignment', code: 'ABCDEFGH' }, locale: 'en' }),
          expires_at: t.clock.value + 60_000,
        })
        .execute();
      return code;
    },
    /** A deep linking request of the tutor's, from that platform. */
    ltiDeepLink: async () => {
      const id = randomUUID();
      await t.database.db
        .insertInto('lti_deep_links')
        .values({
          id,
          user_id: users.tutor.id,
          platform_id: (await r.ltiPlatform()).id,
          deployment_id: platform.deploymentId,
          context_id: 'course-9',
          context_title: 'Geography 9B',
          return_url: `${platform.origin}/deep-link-return`,
          data: null,
          expires_at: t.clock.value + 60_000,
          used_at: null,
        })
        .execute();
      return id;
    },
    expired: once('expired', async () => {
      const pair = await t.app.accounts.issueTokens(users.student);
      await t.database.db
        .updateTable('auth_tokens')
        .set({ expires_at: t.clock.value - 1 })
        .where('token_hash', '=', hashToken(pair.token))
        .execute();
      return pair;
    }),
    running: once('running', async (): Promise<Taken> => start((await student()).token)),
    finished: once('finished', async (): Promise<Taken> => finish(await start((await student()).token))),
    anonymousFinished: once('anonymousFinished', async () => finish(await start())),
    someoneElses: once('someoneElses', async () => start()),
    mailToken: once('mailToken', async () => {
      await makeUser(t.app, {
        email: `new-${randomUUID()}@example.com`,
        firstname: 'New',
        lastname: 'Person',
        password: null,
      });
      const link = /confirm-email\?token=([\w-]+)/.exec(JSON.stringify(t.mails.at(-1)));
      return link?.[1] as string;
    }),
  };
  return r;
}

type Resources = ReturnType<typeof resources>;

interface Caller {
  headers: Record<string, string>;
  /** The session token this caller holds, if any. */
  apiToken(session: Taken): Promise<string | undefined>;
}

async function callerFor(kind: CallerKind, r: Resources): Promise<Caller> {
  const none = async () => undefined;
  switch (kind) {
    case 'anonymous':
      return { headers: {}, apiToken: none };
    case 'badToken':
      return { headers: { authorization: 'Bearer not-a-token-anyone-was-given' }, apiToken: none };
    case 'expiredToken':
      return { headers: { authorization: `Bearer ${(await r.expired()).token}` }, apiToken: none };
    case 'student':
    case 'tutor':
    case 'otherStudent':
    case 'otherTutor':
      return { headers: { authorization: `Bearer ${(await r[kind]()).token}` }, apiToken: none };
    case 'rightApiToken':
      return { headers: {}, apiToken: async (s) => s.api_token };
    case 'wrongApiToken':
      return { headers: {}, apiToken: async () => (await r.someoneElses()).api_token };
  }
}

/** The app's launch address: a login's target must be on this server. */
const LAUNCH = 'http://localhost:3000/v1/lti/launch';

const withToken = (url: string, token: string | undefined) => (token ? `${url}?api_token=${token}` : url);

type Build = (r: Resources, c: Caller) => Promise<InjectOptions>;

const get =
  (url: string): Build =>
  async (_r, c) => ({ url, headers: c.headers });

const BUILDERS: Record<string, Build> = {
  'GET /v1/public/subjects/list': get('/v1/public/subjects/list'),
  'GET /v1/public/specializations/list': get('/v1/public/specializations/list?subject_slug=arithmetic'),
  'GET /v1/public/lessons/list': get('/v1/public/lessons/list?subject_slug=arithmetic&subject_spec_slug=sums'),
  'GET /v1/public/lessons/{id}': get('/v1/public/lessons/fixture-sums'),
  'GET /v1/public/main-page': get('/v1/public/main-page'),
  'GET /v1/public/subjects/page-info': get('/v1/public/subjects/page-info?subject_slug=arithmetic'),
  'GET /v1/public/specializations/page-info': get(
    '/v1/public/specializations/page-info?subject_slug=arithmetic&subject_spec_slug=sums',
  ),
  'POST /v1/public/lessons/{id}/start': async (_r, c) => ({
    method: 'POST',
    url: '/v1/public/lessons/fixture-sums/start',
    payload: {},
    headers: c.headers,
  }),
  'GET /v1/public/lessons/online/{uuid}': async (r, c) => {
    const s = await r.running();
    return { url: withToken(`/v1/public/lessons/online/${s.uuid}`, await c.apiToken(s)), headers: c.headers };
  },
  'GET /v1/public/lessons/online/{uuid}/blocks/{blockId}': async (r, c) => {
    const s = await r.running();
    return {
      url: withToken(`/v1/public/lessons/online/${s.uuid}/blocks/first`, await c.apiToken(s)),
      headers: c.headers,
    };
  },
  'GET /v1/public/lesson-versions/{version}/payload/{locale}': async (_r, c) => {
    const preview = await t.app.inject({ url: '/v1/public/lessons/fixture-sums' });
    return { url: `/v1/public/lesson-versions/${preview.json().data.version}/payload/en`, headers: c.headers };
  },
  'POST /v1/public/lessons/online/{uuid}/answer': async (r, c) => {
    const s = await r.running();
    return {
      method: 'POST',
      url: withToken(`/v1/public/lessons/online/${s.uuid}/answer`, await c.apiToken(s)),
      payload: { answer_id: randomUUID(), question_id: 'q1', value: 'b', answered_at: t.clock.value },
      headers: c.headers,
    };
  },
  'POST /v1/public/lessons/online/{uuid}/finish': async (r, c) => {
    const s = await r.running();
    const token = await c.apiToken(s);
    return {
      method: 'POST',
      url: `/v1/public/lessons/online/${s.uuid}/finish`,
      payload: token ? { api_token: token } : {},
      headers: c.headers,
    };
  },
  'POST /v1/public/lessons/online/{uuid}/heartbeat': async (r, c) => {
    const s = await r.running();
    const token = await c.apiToken(s);
    return {
      method: 'POST',
      url: `/v1/public/lessons/online/${s.uuid}/heartbeat`,
      payload: token ? { api_token: token, unsent: 2 } : { unsent: 2 },
      headers: c.headers,
    };
  },
  'POST /v1/public/lessons/online/{uuid}/signals': async (r, c) => {
    const s = await r.signalsAttempt();
    const token = await c.apiToken(s);
    return {
      method: 'POST',
      url: withToken(`/v1/public/lessons/online/${s.uuid}/signals`, token),
      payload: { signals: [{ signal_id: randomUUID(), kind: 'hidden', at: t.clock.value, duration_ms: 4000 }] },
      headers: c.headers,
    };
  },
  'GET /v1/public/lessons/online/{uuid}/results': async (r, c) => {
    const s = await r.finished();
    return { url: withToken(`/v1/public/lessons/online/${s.uuid}/results`, await c.apiToken(s)), headers: c.headers };
  },
  'GET /v1/public/lessons/online/{uuid}/receipt': async (r, c) => {
    const s = await r.finished();
    return { url: withToken(`/v1/public/lessons/online/${s.uuid}/receipt`, await c.apiToken(s)), headers: c.headers };
  },
  'GET /v1/public/receipt-keys': get('/v1/public/receipt-keys'),
  'POST /v1/public/receipts/check': async (r, c) => ({
    method: 'POST',
    url: '/v1/public/receipts/check',
    payload: { receipt: await receiptOf(await r.anonymousFinished()) },
    headers: c.headers,
  }),
  'GET /v1/public/receipts/{attempt}': async (r, c) => {
    const s = await r.anonymousFinished();
    const row = await t.app.database.db
      .selectFrom('online_sessions')
      .selectAll()
      .where('uuid', '=', s.uuid)
      .executeTakeFirstOrThrow();
    const signed = await t.app.receipts.of(row);
    return { url: `/v1/public/receipts/${s.uuid}?code=${signed?.code}`, headers: c.headers };
  },
  'POST /v1/profile/claim-attempt': async (r, c) => ({
    method: 'POST',
    url: '/v1/profile/claim-attempt',
    payload: { receipt: await receiptOf(await r.anonymousFinished()) },
    headers: c.headers,
  }),
  'GET /v1/auth/config': get('/v1/auth/config'),
  'GET /v1/lti/jwks': get('/v1/lti/jwks'),
  'GET /v1/lti/canvas.json': get('/v1/lti/canvas.json'),
  'GET /v1/lti/login': async (r, c) => {
    const p = await r.ltiPlatform();
    const query = new URLSearchParams({
      iss: p.issuer,
      client_id: p.client_id,
      login_hint: 'x',
      target_link_uri: LAUNCH,
    });
    return { url: `/v1/lti/login?${query}`, headers: c.headers };
  },
  'POST /v1/lti/login': async (r, c) => {
    const p = await r.ltiPlatform();
    return {
      method: 'POST',
      url: '/v1/lti/login',
      payload: new URLSearchParams({
        iss: p.issuer,
        client_id: p.client_id,
        login_hint: 'x',
        target_link_uri: LAUNCH,
      }).toString(),
      headers: { ...c.headers, 'content-type': 'application/x-www-form-urlencoded' },
    };
  },
  // Any launch sends the browser on: to the app with a code, or to the page that says why not.
  'POST /v1/lti/launch': async (_r, c) => ({
    method: 'POST',
    url: '/v1/lti/launch',
    payload: 'state=unknown&id_token=a.b.c',
    headers: { ...c.headers, 'content-type': 'application/x-www-form-urlencoded' },
  }),
  'POST /v1/lti/handoffs/{code}': async (r, c) => ({
    method: 'POST',
    url: `/v1/lti/handoffs/${await r.ltiHandoff()}`,
    headers: c.headers,
  }),
  'POST /v1/lti/register': async (_r, c) => {
    platform.clientId = randomUUID();
    const link = await t.app.lti.registrations.newLink(users.tutor.id);
    return {
      method: 'POST',
      url: '/v1/lti/register',
      payload: {
        token: new URL(link.url).searchParams.get('register'),
        openid_configuration: `${platform.origin}/.well-known/openid-configuration`,
        registration_token: platform.registrationToken,
      },
      headers: c.headers,
    };
  },
  'GET /v1/lti/platforms': get('/v1/lti/platforms'),
  'POST /v1/lti/platforms': async (_r, c) => ({
    method: 'POST',
    url: '/v1/lti/platforms',
    payload: { ...platform.form(), client_id: randomUUID() },
    headers: c.headers,
  }),
  'PATCH /v1/lti/platforms/{id}': async (r, c) => ({
    method: 'PATCH',
    url: `/v1/lti/platforms/${(await r.ltiPlatform()).id}`,
    payload: { name: 'Renamed' },
    headers: c.headers,
  }),
  'POST /v1/lti/registration-links': async (_r, c) => ({
    method: 'POST',
    url: '/v1/lti/registration-links',
    headers: c.headers,
  }),
  'GET /v1/tutor/assignments/{id}/roster': async (r, c) => ({
    url: `/v1/tutor/assignments/${(await r.assignment()).id}/roster`,
    headers: c.headers,
  }),
  'GET /v1/lti/deep-links/{id}': async (r, c) => ({
    url: `/v1/lti/deep-links/${await r.ltiDeepLink()}`,
    headers: c.headers,
  }),
  'POST /v1/lti/deep-links/{id}': async (r, c) => ({
    method: 'POST',
    url: `/v1/lti/deep-links/${await r.ltiDeepLink()}`,
    payload: { lesson_slug: 'fixture-sums', rules: PLAINEST_RULES },
    headers: c.headers,
  }),
  'POST /v1/auth/register': async (_r, c) => ({
    method: 'POST',
    url: '/v1/auth/register',
    payload: { ...REGISTRATION, email: `someone-${randomUUID()}@example.com` },
    headers: c.headers,
  }),
  'POST /v1/auth/login': async (_r, c) => ({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email: 'student@example.com', password: PASSWORD },
    headers: c.headers,
  }),
  'GET /v1/auth/session': get('/v1/auth/session'),
  'PATCH /v1/auth/session': async (_r, c) => ({
    method: 'PATCH',
    url: '/v1/auth/session',
    payload: { locale: 'pl' },
    headers: c.headers,
  }),
  'POST /v1/auth/refresh': async (_r, c) => ({
    method: 'POST',
    url: '/v1/auth/refresh',
    payload: { refresh_token: (await t.app.accounts.issueTokens(users.student)).refresh_token },
    headers: c.headers,
  }),
  'POST /v1/auth/logout': async (_r, c) => ({ method: 'POST', url: '/v1/auth/logout', headers: c.headers }),
  'GET /v1/auth/confirm-email': async (r, c) => ({
    url: `/v1/auth/confirm-email?token=${await r.mailToken()}&format=json`,
    headers: c.headers,
  }),
  'POST /v1/auth/resend-confirmation': async (_r, c) => ({
    method: 'POST',
    url: '/v1/auth/resend-confirmation',
    headers: c.headers,
  }),
  'GET /v1/login/google': get('/v1/login/google'),
  'GET /v1/login/google/callback': get('/v1/login/google/callback?code=abc&state=def'),
  'GET /v1/profile/completed-tests': get('/v1/profile/completed-tests'),
  'GET /v1/profile/assignments': get('/v1/profile/assignments'),
  'GET /v1/openapi.json': get('/v1/openapi.json'),
  'GET /health': get('/health'),
  'GET /ready': get('/ready'),
  'GET /metrics': async (_r, c) => ({
    url: '/metrics',
    headers: { ...c.headers, authorization: `Bearer ${METRICS_TOKEN}` },
  }),
  'GET /v1/profile/completed-tests/{id}': async (r, c) => ({
    url: `/v1/profile/completed-tests/${(await r.finished()).uuid}`,
    headers: c.headers,
  }),
  'GET /v1/profile/completed-tests/{id}/grouped-details': async (r, c) => ({
    url: `/v1/profile/completed-tests/${(await r.finished()).uuid}/grouped-details?group_id=first`,
    headers: c.headers,
  }),
  'GET /v1/tutor/tests': get('/v1/tutor/tests'),
  'POST /v1/tutor/tests': async (_r, c) => ({
    method: 'POST',
    url: '/v1/tutor/tests',
    payload: {},
    headers: c.headers,
  }),
  'GET /v1/tutor/tests/{id}': async (r, c) => ({ url: `/v1/tutor/tests/${await r.tutorTest()}`, headers: c.headers }),
  'PUT /v1/tutor/tests/{id}/draft': async (r, c) => ({
    method: 'PUT',
    url: `/v1/tutor/tests/${await r.tutorTest()}/draft`,
    payload: { revision: 1, draft: completeDraft() },
    headers: c.headers,
  }),
  ...Object.fromEntries(
    (['duplicate', 'archive', 'restore', 'publish', 'preview'] as const).map((action): [string, Build] => [
      `POST /v1/tutor/tests/{id}/${action}`,
      async (r, c) => ({
        method: 'POST',
        url: `/v1/tutor/tests/${await r.tutorTest()}/${action}`,
        payload: {},
        headers: c.headers,
      }),
    ]),
  ),
  'DELETE /v1/tutor/tests/{id}': async (r, c) => ({
    method: 'DELETE',
    url: `/v1/tutor/tests/${await r.tutorTest()}`,
    headers: c.headers,
  }),
  'GET /v1/tutor/tests/{id}/checklist': async (r, c) => ({
    url: `/v1/tutor/tests/${await r.tutorTest()}/checklist`,
    headers: c.headers,
  }),
  'GET /v1/tutor/tests/{id}/export': async (r, c) => ({
    url: `/v1/tutor/tests/${await r.tutorTest()}/export`,
    headers: c.headers,
  }),
  'GET /v1/tutor/tests/{id}/export-bank': async (r, c) => ({
    url: `/v1/tutor/tests/${await r.tutorTest()}/export-bank?format=qti`,
    headers: c.headers,
  }),
  'GET /v1/tutor/tests/import-template': get('/v1/tutor/tests/import-template?format=csv'),
  'POST /v1/tutor/tests/import': async (_r, c) => ({
    method: 'POST',
    url: '/v1/tutor/tests/import',
    payload: { files: [lessonFileOf(completeDraft(), 'imported')] },
    headers: c.headers,
  }),
  'GET /v1/tutor/assignments': get('/v1/tutor/assignments'),
  'POST /v1/tutor/assignments': async (_r, c) => ({
    method: 'POST',
    url: '/v1/tutor/assignments',
    payload: { lesson_slug: 'fixture-sums', rules: PLAINEST_RULES },
    headers: c.headers,
  }),
  'GET /v1/tutor/assignments/{id}': async (r, c) => ({
    url: `/v1/tutor/assignments/${(await r.assignment()).id}`,
    headers: c.headers,
  }),
  // A new assignment for every caller: the owner's call deletes it.
  'DELETE /v1/tutor/assignments/{id}': async (r, c) => ({
    method: 'DELETE',
    url: `/v1/tutor/assignments/${(await r.newAssignment()).id}`,
    headers: c.headers,
  }),
  'POST /v1/tutor/assignments/{id}/close': async (r, c) => ({
    method: 'POST',
    url: `/v1/tutor/assignments/${(await r.assignment()).id}/close`,
    payload: {},
    headers: c.headers,
  }),
  'POST /v1/public/assignments/{code}/start': async (r, c) => ({
    method: 'POST',
    url: `/v1/public/assignments/${(await r.openAssignment()).code}/start`,
    payload: { display_name: 'Ann Lee' },
    headers: c.headers,
  }),
  'GET /v1/tutor/assignments/{id}/monitor': async (r, c) => ({
    url: `/v1/tutor/assignments/${(await r.assignment()).id}/monitor`,
    headers: c.headers,
  }),
  ...Object.fromEntries(
    (['results', 'analysis', 'analysis.csv', 'results.csv', 'answers.csv', 'changes'] as const).map(
      (part): [string, Build] => [
        `GET /v1/tutor/assignments/{id}/${part}`,
        async (r, c) => ({ url: `/v1/tutor/assignments/${(await r.assignment()).id}/${part}`, headers: c.headers }),
      ],
    ),
  ),
  'POST /v1/tutor/assignments/{id}/start': async (r, c) => ({
    method: 'POST',
    url: `/v1/tutor/assignments/${(await r.signalAssignment()).id}/start`,
    payload: {},
    headers: c.headers,
  }),
  'POST /v1/public/assignments/{code}/lobby': async (r, c) => ({
    method: 'POST',
    url: `/v1/public/assignments/${(await r.openAssignment()).code}/lobby`,
    payload: { waiter: randomUUID(), display_name: 'Ann Lee' },
    headers: c.headers,
  }),
  'POST /v1/tutor/assignments/{id}/attempts/{session}/extra-time': async (r, c) => ({
    method: 'POST',
    url: `/v1/tutor/assignments/${(await r.assignment()).id}/attempts/${(await r.assignmentAttempt()).uuid}/extra-time`,
    payload: { minutes: 5 },
    headers: c.headers,
  }),
  'GET /v1/tutor/assignments/{id}/attempts/{session}': async (r, c) => ({
    url: `/v1/tutor/assignments/${(await r.assignment()).id}/attempts/${(await r.finishedAssignmentAttempt()).uuid}`,
    headers: c.headers,
  }),
  'DELETE /v1/tutor/assignments/{id}/attempts/{session}': async (r, c) => ({
    method: 'DELETE',
    url: `/v1/tutor/assignments/${(await r.assignment()).id}/attempts/${(await r.finishedAssignmentAttempt()).uuid}`,
    headers: c.headers,
  }),
  'POST /v1/tutor/assignments/{id}/messages': async (r, c) => ({
    method: 'POST',
    url: `/v1/tutor/assignments/${(await r.assignment()).id}/messages`,
    payload: { text: 'Ten minutes left.' },
    headers: c.headers,
  }),
  'GET /v1/tutor/assignments/{id}/messages': async (r, c) => ({
    url: `/v1/tutor/assignments/${(await r.assignment()).id}/messages`,
    headers: c.headers,
  }),
  'POST /v1/tutor/assignments/{id}/pause': async (r, c) => ({
    method: 'POST',
    url: `/v1/tutor/assignments/${(await r.assignment()).id}/pause`,
    payload: {},
    headers: c.headers,
  }),
  'POST /v1/tutor/assignments/{id}/resume': async (r, c) => {
    const { id } = await r.assignment();
    await t.app.examRoom.pause(users.tutor, id);
    return { method: 'POST', url: `/v1/tutor/assignments/${id}/resume`, payload: {}, headers: c.headers };
  },
  'POST /v1/tutor/assignments/{id}/extra-time': async (r, c) => ({
    method: 'POST',
    url: `/v1/tutor/assignments/${(await r.assignment()).id}/extra-time`,
    payload: { minutes: 5, reason: 'A fire drill' },
    headers: c.headers,
  }),
  'POST /v1/tutor/assignments/{id}/rescore': async (r, c) => ({
    method: 'POST',
    url: `/v1/tutor/assignments/${(await r.rescorable()).id}/rescore`,
    payload: {},
    headers: c.headers,
  }),
  'GET /v1/tutor/assignments/{id}/marking': async (r, c) => ({
    url: `/v1/tutor/assignments/${(await r.markable()).id}/marking?anonymous=1`,
    headers: c.headers,
  }),
  'PUT /v1/tutor/assignments/{id}/marks/{session}/{question}': async (r, c) => {
    const { id, session } = await r.markable();
    return {
      method: 'PUT',
      url: `/v1/tutor/assignments/${id}/marks/${session}/q-essay`,
      payload: { points: 2, comment: 'Clear.' },
      headers: c.headers,
    };
  },
  'GET /v1/tutor/accommodations': async (_r, c) => ({ url: '/v1/tutor/accommodations', headers: c.headers }),
  'PUT /v1/tutor/accommodations': async (_r, c) => ({
    method: 'PUT',
    url: '/v1/tutor/accommodations',
    payload: { email: `${randomUUID()}@example.com`, accommodation: { time: 'unlimited', read_aloud: true } },
    headers: c.headers,
  }),
  'DELETE /v1/tutor/accommodations/{id}': async (_r, c) => {
    const { saved } = await t.app.accommodations.save(users.tutor, {
      email: `${randomUUID()}@example.com`,
      accommodation: { time: 'extra_minutes', extra_minutes: 10, read_aloud: false },
    });
    return { method: 'DELETE', url: `/v1/tutor/accommodations/${saved.id}`, headers: c.headers };
  },
  'GET /v1/public/assignments/{code}': async (r, c) => ({
    url: `/v1/public/assignments/${(await r.assignment()).code}`,
    headers: c.headers,
  }),
  'POST /v1/tutor/images': async (_r, c) => ({
    method: 'POST',
    url: '/v1/tutor/images',
    payload: upload('dot.png', TINY_PNG),
    headers: c.headers,
  }),
  'GET /v1/images/{id}': async (r, c) => ({ url: `/v1/images/${await r.image()}`, headers: c.headers }),
  'GET /v1/profile/data': async (_r, c) => ({ url: '/v1/profile/data', headers: c.headers }),
  // Another address than the caller's: the table's accounts must outlive its cells (the deletion
  // itself: server/routes/profile/personal-data.test.ts).
  'POST /v1/profile/delete-account': async (_r, c) => ({
    method: 'POST',
    url: '/v1/profile/delete-account',
    payload: { email: 'nobody-here@example.com' },
    headers: c.headers,
  }),
  'POST /v1/profile/link-test': async (r, c) => {
    const s = await r.anonymousFinished();
    return {
      method: 'POST',
      url: '/v1/profile/link-test',
      payload: { item: s.uuid, api_token: s.api_token },
      headers: c.headers,
    };
  },
};

describe(`who may do what on ${dialectName}`, () => {
  it('has a row and a request for every /v1 route the server has', () => {
    expect(PERMISSIONS.map((p) => p.endpoint).sort()).toEqual(v1Routes(t.app));
    expect(Object.keys(BUILDERS).sort()).toEqual(v1Routes(t.app));
  });

  it('answers every cell with its expected status', async () => {
    const mismatches: string[] = [];
    let cells = 0;
    for (const rowSpec of PERMISSIONS) {
      const build = BUILDERS[rowSpec.endpoint] as Build;
      for (const [kind] of CALLERS) {
        const expected = rowSpec.expected[kind];
        if (expected === null) continue;
        cells++;
        const r = resources();
        const res = await t.app.inject(await build(r, await callerFor(kind, r)));
        if (res.statusCode !== expected) {
          mismatches.push(
            `${rowSpec.endpoint} as ${kind}: ${res.statusCode}, expected ${expected} ${res.body.slice(0, 120)}`,
          );
        }
        if (res.statusCode >= 400) expect(typeof res.json().message, `${rowSpec.endpoint} as ${kind}`).toBe('string');
      }
    }
    console.log(`permission table on ${dialectName}: ${cells} cells checked`);
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("never shows one taker's answers or results to another", async () => {
    const r = resources();
    const mine = await r.running();
    const theirs = await r.someoneElses();
    const myAnswer = { answer_id: randomUUID(), question_id: 'q1', value: 'b', answered_at: t.clock.value };
    const sent = await t.app.inject({
      method: 'POST',
      url: `/v1/public/lessons/online/${mine.uuid}/answer?api_token=${mine.api_token}`,
      payload: myAnswer,
    });
    expect(sent.statusCode).toBe(201);
    // Their own token opens only their own session: no answers of mine there.
    const theirState = await t.app.inject({
      url: `/v1/public/lessons/online/${theirs.uuid}?api_token=${theirs.api_token}`,
    });
    expect(theirState.json().data.answers).toEqual([]);
    for (const path of ['', '/blocks/first', '/results']) {
      const peek = await t.app.inject({
        url: `/v1/public/lessons/online/${mine.uuid}${path}?api_token=${theirs.api_token}`,
      });
      expect(peek.statusCode, path).toBe(401);
      expect(peek.body).not.toContain(myAnswer.answer_id);
    }
    // Finished and in the student's account: nobody else's list or detail shows it.
    const done = await r.finished();
    for (const who of ['tutor', 'otherStudent'] as const) {
      const headers = { authorization: `Bearer ${(await r[who]()).token}` };
      const list = await t.app.inject({ url: '/v1/profile/completed-tests', headers });
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(done.uuid);
      const detail = await t.app.inject({ url: `/v1/profile/completed-tests/${done.uuid}`, headers });
      expect(detail.statusCode).toBe(404);
      // Even with the session's own token, a result already in an account cannot be taken over.
      const link = await t.app.inject({
        method: 'POST',
        url: '/v1/profile/link-test',
        payload: { item: done.uuid, api_token: done.api_token },
        headers,
      });
      expect(link.statusCode).toBe(404);
    }
    const own = await t.app.inject({
      url: '/v1/profile/completed-tests',
      headers: { authorization: `Bearer ${(await r.student()).token}` },
    });
    expect(own.body).toContain(done.uuid);
    // The owner linking with a wrong token is refused too.
    const anon = await r.anonymousFinished();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v1/profile/link-test',
      payload: { item: anon.uuid, api_token: theirs.api_token },
      headers: { authorization: `Bearer ${(await r.student()).token}` },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it("matches docs/api.md's tables", () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/api.md'), 'utf8');
    expect(doc, 'run: npx tsx scripts/api-docs.ts').toBe(withGeneratedTables(doc));
  });
});
