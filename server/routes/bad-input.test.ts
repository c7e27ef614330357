/**
 * Every `/v1` endpoint against generated bad input: each answer is a 4xx in the error envelope with
 * a message, no internals, and the database exactly as before. FUZZ_SEED reproduces a run,
 * FUZZ_RUNS changes how many inputs each endpoint gets.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { enums, is, type Struct } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SaveAccommodationRequest } from '../../contract/accommodations.ts';
import {
  CreateAssignmentRequest,
  ExtraTimeRequest,
  LobbyRequest,
  MonitorQuery,
  PLAINEST_RULES,
  StartAssignmentRequest,
} from '../../contract/assignments.ts';
import { Language } from '../../contract/content.ts';
import { EveryoneExtraTimeRequest, SendMessageRequest } from '../../contract/exam-room.ts';
import { MarkingQuery, MarkRequest } from '../../contract/hand-marking.ts';
import { UploadImageRequest } from '../../contract/images.ts';
import {
  AnswerRequest,
  FinishRequest,
  GoogleStartQuery,
  GroupedDetailsQuery,
  HeartbeatRequest,
  LessonQuery,
  LessonsQuery,
  LinkTestRequest,
  LocaleChange,
  RefreshRequest,
  SpecializationPageInfoQuery,
  SpecializationsQuery,
  StartRequest,
  SubjectPageInfoQuery,
  TokenQuery,
  Uuid,
} from '../../contract/index.ts';
import { ExportFormat } from '../../contract/question-banks.ts';
import { ClaimRequest, ReceiptCheckRequest, ReceiptCodeParams, ReceiptCodeQuery } from '../../contract/receipts.ts';
import { AnswerQuery } from '../../contract/session-requests.ts';
import { SignalRequest } from '../../contract/signals.ts';
import { CreateTestRequest, SaveDraftRequest } from '../../contract/tutor-tests.ts';
import { lessonFileOf } from '../services/question-banks/lesson-files.ts';
import { makeUser, TEST_PASSWORD as PASSWORD, REGISTRATION } from '../test/accounts.ts';
import {
  badAuthorization,
  brokenBody,
  EXTREME_NUMBERS,
  expectRefusal,
  fuzzParams,
  hugeBody,
  nastyString,
  nastyValue,
  noiseHeaders,
  numericPlaces,
  queryString,
  withNumberAt,
} from '../test/bad-input.ts';
import { writtenEssayAttempt } from '../test/essay-attempt.ts';
import { createTestApp, dialectName, type TestApp, tableDigest, v1Routes } from '../test/helpers.ts';
import { TINY_PNG, upload } from '../test/images.ts';
import { BROWSER_ROUTES, ltiContext, ltiEndpoints } from '../test/lti-bad-input.ts';
import { completeDraft } from './tutor/draft-fixture.ts';

const RUNS = 150;
/** The metrics are on in this app, behind this token. */
const METRICS_TOKEN = 'bad-input-metrics-token-0123456789';

interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** Valid path parameters (`:name` in path). */
  params?: Record<string, string>;
  query?: Record<string, string>;
  requiredQuery?: string[];
  body?: Record<string, unknown>;
  requiredBody?: string[];
  /** Values a field accepts: a replacement must not be one of them. */
  fields?: Record<string, Struct<unknown, unknown> | ((value: unknown) => boolean)>;
  headers?: Record<string, string>;
  /** Sends a valid access token (a tutor's for `tutor`); garbage in its place must be refused. */
  bearer?: boolean | 'tutor';
  /** The endpoint reads Authorization even when it is optional: garbage there is refused. */
  readsAuthorization?: boolean;
  /**
   * A body the endpoint would take (and store), new each time: bad text put into it must be what
   * refuses it. Without one, the usual body is used, which may be refused for other reasons too.
   */
  freshBody?: () => Record<string, unknown>;
}

interface Context {
  token: string;
  /** The version a start of the fixture lesson begins. */
  version: number;
  tutorToken: string;
  /** A test of the tutor's. */
  tutorTest: string;
  /** An image stored. */
  image: string;
  /** An assignment of the tutor's. */
  assignment: { id: string; code: string };
  /** An attempt running in it. */
  attempt: { uuid: string; api_token: string };
  /** An attempt running in an assignment that collects integrity signals. */
  signalsAttempt: { uuid: string; api_token: string };
  /** An assignment of the tutor's test with an essay, and a finished attempt with an essay written. */
  markable: { id: string; session: string };
  /** A learning platform registered by hand, and a deep linking request of the tutor's from it. */
  lti: { platform: string; deepLink: string };
  /** A standing accommodation of the tutor's. */
  accommodation: string;
  /** The signed receipt of an attempt finished without an account (claimed by nobody: the claim's refusals). */
  receipt: unknown;
  unverifiedToken: string;
  refreshToken: string;
  running: { uuid: string; api_token: string };
  finished: { uuid: string; api_token: string };
  owned: { uuid: string; api_token: string };
}

function endpoints(c: Context): Endpoint[] {
  const schemaOf = (struct: unknown) => (struct as { schema: Record<string, Struct<unknown, unknown>> }).schema;
  return [
    { name: 'subjects', method: 'GET', path: '/v1/public/subjects/list', query: { audience: 'student' } },
    { name: 'lti keys', method: 'GET', path: '/v1/lti/jwks' },
    ...ltiEndpoints(c, schemaOf),
    {
      name: 'specializations',
      method: 'GET',
      path: '/v1/public/specializations/list',
      query: { subject_slug: 'arithmetic' },
      requiredQuery: ['subject_slug'],
      fields: schemaOf(SpecializationsQuery),
    },
    {
      name: 'lessons',
      method: 'GET',
      path: '/v1/public/lessons/list',
      query: { subject_slug: 'arithmetic', subject_spec_slug: 'sums' },
      requiredQuery: ['subject_slug', 'subject_spec_slug'],
      fields: schemaOf(LessonsQuery),
    },
    {
      name: 'lesson preview',
      method: 'GET',
      path: '/v1/public/lessons/:id',
      params: { id: 'fixture-sums' },
      query: { preview: '1' },
      fields: schemaOf(LessonQuery),
    },
    { name: 'main page', method: 'GET', path: '/v1/public/main-page' },
    {
      name: 'subject page info',
      method: 'GET',
      path: '/v1/public/subjects/page-info',
      query: { subject_slug: 'arithmetic' },
      requiredQuery: ['subject_slug'],
      fields: schemaOf(SubjectPageInfoQuery),
    },
    {
      name: 'specialization page info',
      method: 'GET',
      path: '/v1/public/specializations/page-info',
      query: { subject_slug: 'arithmetic', subject_spec_slug: 'sums' },
      requiredQuery: ['subject_slug', 'subject_spec_slug'],
      fields: schemaOf(SpecializationPageInfoQuery),
    },
    {
      name: 'online start',
      method: 'POST',
      path: '/v1/public/lessons/:id/start',
      params: { id: 'fixture-sums' },
      body: { role: 'student' },
      fields: schemaOf(StartRequest),
      readsAuthorization: true,
    },
    {
      name: 'online state',
      method: 'GET',
      path: '/v1/public/lessons/online/:uuid',
      params: { uuid: c.running.uuid },
      query: { api_token: c.running.api_token },
      requiredQuery: ['api_token'],
    },
    {
      name: 'online block',
      method: 'GET',
      path: '/v1/public/lessons/online/:uuid/blocks/:blockId',
      params: { uuid: c.running.uuid, blockId: 'first' },
      query: { api_token: c.running.api_token },
      requiredQuery: ['api_token'],
    },
    {
      name: 'sealed payload',
      method: 'GET',
      path: '/v1/public/lesson-versions/:version/payload/:locale',
      params: { version: String(c.version), locale: 'en' },
    },
    {
      name: 'online answer',
      method: 'POST',
      path: '/v1/public/lessons/online/:uuid/answer',
      params: { uuid: c.running.uuid },
      query: { api_token: c.running.api_token, unsent: '0' },
      body: { answer_id: randomUUID(), question_id: 'q1', value: 'b', answered_at: 0 },
      requiredBody: ['answer_id', 'question_id', 'value', 'answered_at'],
      fields: {
        ...schemaOf(AnswerQuery),
        ...schemaOf(AnswerRequest),
        question_id: (v: unknown) => v === 'q1' || v === 'q2',
      },
    },
    {
      name: 'online finish',
      method: 'POST',
      path: '/v1/public/lessons/online/:uuid/finish',
      params: { uuid: c.running.uuid },
      body: { api_token: c.running.api_token, reason: 'manual' },
      requiredBody: ['api_token'],
      fields: schemaOf(FinishRequest),
    },
    {
      name: 'online signals',
      method: 'POST',
      path: '/v1/public/lessons/online/:uuid/signals',
      params: { uuid: c.signalsAttempt.uuid },
      body: {
        api_token: c.signalsAttempt.api_token,
        signals: [{ signal_id: randomUUID(), kind: 'hidden', at: 0, duration_ms: 4000 }],
      },
      requiredBody: ['api_token', 'signals'],
      fields: schemaOf(SignalRequest),
    },
    {
      name: 'online heartbeat',
      method: 'POST',
      path: '/v1/public/lessons/online/:uuid/heartbeat',
      params: { uuid: c.running.uuid },
      body: { api_token: c.running.api_token, unsent: 3 },
      requiredBody: ['api_token', 'unsent'],
      fields: schemaOf(HeartbeatRequest),
    },
    {
      name: 'online results',
      method: 'GET',
      path: '/v1/public/lessons/online/:uuid/results',
      params: { uuid: c.finished.uuid },
      query: { api_token: c.finished.api_token },
      requiredQuery: ['api_token'],
      fields: schemaOf(TokenQuery),
    },
    { name: 'auth config', method: 'GET', path: '/v1/auth/config' },
    {
      name: 'auth register',
      method: 'POST',
      path: '/v1/auth/register',
      // The address is taken, so even a field that happens to pass is still refused.
      body: { ...REGISTRATION, email: 'student@example.com' },
      requiredBody: ['accept_policy', 'email', 'firstname', 'lastname', 'password', 'password_confirmation'],
      fields: { email: (v: unknown) => typeof v === 'string' && v.includes('@') },
      freshBody: () => ({ ...REGISTRATION, email: `fresh-${randomUUID()}@example.com` }),
    },
    {
      name: 'auth login',
      method: 'POST',
      path: '/v1/auth/login',
      body: { email: 'student@example.com', password: PASSWORD },
      requiredBody: ['email', 'password'],
    },
    { name: 'auth session', method: 'GET', path: '/v1/auth/session', bearer: true },
    {
      name: 'auth session locale',
      method: 'PATCH',
      path: '/v1/auth/session',
      bearer: true,
      body: { locale: 'pl' },
      requiredBody: ['locale'],
      fields: schemaOf(LocaleChange),
    },
    {
      name: 'auth refresh',
      method: 'POST',
      path: '/v1/auth/refresh',
      body: { refresh_token: c.refreshToken },
      requiredBody: ['refresh_token'],
      fields: schemaOf(RefreshRequest),
    },
    { name: 'auth logout', method: 'POST', path: '/v1/auth/logout', bearer: true },
    {
      name: 'auth confirm-email',
      method: 'GET',
      path: '/v1/auth/confirm-email',
      // Without JSON asked for, the mail link redirects a browser to a page that says what went wrong.
      query: { token: 'a'.repeat(43) },
      headers: { accept: 'application/json' },
      requiredQuery: ['token'],
    },
    {
      name: 'auth resend-confirmation',
      method: 'POST',
      path: '/v1/auth/resend-confirmation',
      bearer: true,
    },
    {
      name: 'login google',
      method: 'GET',
      path: '/v1/login/google',
      query: { role: 'student', locale: 'uk' },
      fields: schemaOf(GoogleStartQuery),
    },
    {
      name: 'login google callback',
      method: 'GET',
      path: '/v1/login/google/callback',
      query: { code: 'abc', state: 'def' },
    },
    { name: 'profile completed-tests', method: 'GET', path: '/v1/profile/completed-tests', bearer: true },
    { name: 'profile assignments', method: 'GET', path: '/v1/profile/assignments', bearer: true },
    { name: 'openapi document', method: 'GET', path: '/v1/openapi.json' },
    { name: 'health', method: 'GET', path: '/health' },
    { name: 'ready', method: 'GET', path: '/ready' },
    { name: 'metrics', method: 'GET', path: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } },
    {
      name: 'profile completed-test',
      method: 'GET',
      path: '/v1/profile/completed-tests/:id',
      params: { id: c.owned.uuid },
      bearer: true,
    },
    {
      name: 'profile grouped-details',
      method: 'GET',
      path: '/v1/profile/completed-tests/:id/grouped-details',
      params: { id: c.owned.uuid },
      query: { group_id: 'first' },
      requiredQuery: ['group_id'],
      fields: { ...schemaOf(GroupedDetailsQuery), group_id: (v: unknown) => v === 'first' || v === 'second' },
      bearer: true,
    },
    {
      name: 'profile link-test',
      method: 'POST',
      path: '/v1/profile/link-test',
      body: { item: c.finished.uuid, api_token: c.finished.api_token },
      requiredBody: ['item', 'api_token'],
      fields: { ...schemaOf(LinkTestRequest), item: (v: unknown) => accepts(v, Uuid) },
      bearer: true,
    },
    { name: 'profile data', method: 'GET', path: '/v1/profile/data', bearer: true },
    {
      name: 'profile claim-attempt',
      method: 'POST',
      path: '/v1/profile/claim-attempt',
      body: { receipt: c.receipt },
      requiredBody: ['receipt'],
      fields: schemaOf(ClaimRequest),
      bearer: true,
    },
    {
      name: 'receipt',
      method: 'GET',
      path: '/v1/public/lessons/online/:uuid/receipt',
      params: { uuid: c.finished.uuid },
      query: { api_token: c.finished.api_token },
      requiredQuery: ['api_token'],
    },
    { name: 'receipt-keys', method: 'GET', path: '/v1/public/receipt-keys' },
    {
      name: 'receipts code',
      method: 'GET',
      path: '/v1/public/receipts/:attempt',
      params: { attempt: c.finished.uuid },
      query: { code: 'ABCDE-12345' },
      requiredQuery: ['code'],
      fields: { ...schemaOf(ReceiptCodeQuery), ...schemaOf(ReceiptCodeParams) },
    },
    {
      name: 'receipts check',
      method: 'POST',
      path: '/v1/public/receipts/check',
      body: { receipt: c.receipt },
      requiredBody: ['receipt'],
      fields: schemaOf(ReceiptCheckRequest),
    },
    {
      name: 'profile delete-account',
      method: 'POST',
      path: '/v1/profile/delete-account',
      // The account's own address: every request made from it is broken some other way too.
      body: { email: 'student@example.com' },
      requiredBody: ['email'],
      fields: {
        email: (v: unknown) => typeof v === 'string' && v.trim().toLowerCase() === 'student@example.com',
      },
      bearer: true,
    },
    { name: 'tutor tests', method: 'GET', path: '/v1/tutor/tests', bearer: 'tutor' },
    {
      name: 'tutor create-test',
      method: 'POST',
      path: '/v1/tutor/tests',
      body: { draft: completeDraft() },
      fields: schemaOf(CreateTestRequest),
      bearer: 'tutor',
    },
    {
      name: 'tutor test',
      method: 'GET',
      path: '/v1/tutor/tests/:id',
      params: { id: c.tutorTest },
      bearer: 'tutor',
    },
    {
      name: 'tutor save-draft',
      method: 'PUT',
      path: '/v1/tutor/tests/:id/draft',
      params: { id: c.tutorTest },
      body: { revision: 1, draft: completeDraft() },
      requiredBody: ['revision', 'draft'],
      // Another revision is a conflict (409): refused too, and nothing is saved.
      fields: schemaOf(SaveDraftRequest),
      bearer: 'tutor',
    },
    ...(['duplicate', 'archive', 'restore', 'publish', 'preview'] as const).map((action) => ({
      name: `tutor ${action}-test`,
      method: 'POST' as const,
      path: `/v1/tutor/tests/:id/${action}`,
      params: { id: c.tutorTest },
      body: {},
      bearer: 'tutor' as const,
    })),
    {
      name: 'tutor delete-test',
      method: 'DELETE',
      path: '/v1/tutor/tests/:id',
      params: { id: c.tutorTest },
      bearer: 'tutor',
    },
    {
      name: 'tutor checklist',
      method: 'GET',
      path: '/v1/tutor/tests/:id/checklist',
      params: { id: c.tutorTest },
      bearer: 'tutor',
    },
    {
      name: 'tutor export-test',
      method: 'GET',
      path: '/v1/tutor/tests/:id/export',
      params: { id: c.tutorTest },
      bearer: 'tutor',
    },
    {
      name: 'tutor export-bank',
      method: 'GET',
      path: '/v1/tutor/tests/:id/export-bank',
      params: { id: c.tutorTest },
      query: { format: 'moodle-xml', language: 'en' },
      requiredQuery: ['format'],
      fields: { format: ExportFormat, language: Language },
      bearer: 'tutor',
    },
    {
      name: 'tutor import-template',
      method: 'GET',
      path: '/v1/tutor/tests/import-template',
      query: { format: 'xlsx' },
      requiredQuery: ['format'],
      fields: { format: enums(['csv', 'xlsx']) },
      bearer: 'tutor',
    },
    {
      name: 'tutor import-tests',
      method: 'POST',
      path: '/v1/tutor/tests/import',
      // Any list passes the body's shape; each file is then checked as a lesson file is (422).
      body: { files: [lessonFileOf(completeDraft(), 'imported')] },
      requiredBody: ['files'],
      bearer: 'tutor',
    },
    {
      name: 'tutor import-tests from another system’s bank',
      method: 'POST',
      path: '/v1/tutor/tests/import',
      body: {
        files: [{ name: 'bank.gift', data: Buffer.from('Half of 8? {=4 ~2}').toString('base64') }],
        language: 'uk',
      },
      requiredBody: ['files'],
      fields: { language: Language },
      bearer: 'tutor',
    },
    { name: 'tutor assignments', method: 'GET', path: '/v1/tutor/assignments', bearer: 'tutor' },
    {
      name: 'tutor create-assignment',
      method: 'POST',
      path: '/v1/tutor/assignments',
      body: { lesson_slug: 'fixture-sums', rules: PLAINEST_RULES },
      requiredBody: ['rules'],
      fields: schemaOf(CreateAssignmentRequest),
      bearer: 'tutor',
    },
    {
      name: 'tutor assignment',
      method: 'GET',
      path: '/v1/tutor/assignments/:id',
      params: { id: c.assignment.id },
      bearer: 'tutor',
    },
    {
      name: 'tutor delete-assignment',
      method: 'DELETE',
      path: '/v1/tutor/assignments/:id',
      params: { id: c.assignment.id },
      bearer: 'tutor',
    },
    {
      name: 'tutor close-assignment',
      method: 'POST',
      path: '/v1/tutor/assignments/:id/close',
      params: { id: c.assignment.id },
      body: {},
      bearer: 'tutor',
    },
    {
      name: 'start assignment',
      method: 'POST',
      path: '/v1/public/assignments/:code/start',
      params: { code: c.assignment.code },
      body: { display_name: 'Ann Lee' },
      fields: schemaOf(StartAssignmentRequest),
      readsAuthorization: true,
    },
    {
      name: 'tutor assignment-monitor',
      method: 'GET',
      path: '/v1/tutor/assignments/:id/monitor',
      params: { id: c.assignment.id },
      query: { since: '0' },
      fields: schemaOf(MonitorQuery),
      bearer: 'tutor',
    },
    ...(['results', 'analysis', 'analysis.csv', 'results.csv', 'answers.csv', 'changes'] as const).map((part) => ({
      name: `tutor assignment-${part}`,
      method: 'GET' as const,
      path: `/v1/tutor/assignments/:id/${part}`,
      params: { id: c.assignment.id },
      bearer: 'tutor' as const,
    })),
    {
      name: 'tutor assignment-signal',
      method: 'POST',
      path: '/v1/tutor/assignments/:id/start',
      params: { id: c.assignment.id },
      body: {},
      bearer: 'tutor',
    },
    {
      name: 'assignment lobby',
      method: 'POST',
      path: '/v1/public/assignments/:code/lobby',
      params: { code: c.assignment.code },
      body: { waiter: randomUUID(), display_name: 'Ann Lee' },
      requiredBody: ['waiter'],
      fields: schemaOf(LobbyRequest),
      readsAuthorization: true,
    },
    {
      name: 'tutor extra-time',
      method: 'POST',
      path: '/v1/tutor/assignments/:id/attempts/:session/extra-time',
      params: { id: c.assignment.id, session: c.attempt.uuid },
      body: { minutes: 5 },
      requiredBody: ['minutes'],
      fields: schemaOf(ExtraTimeRequest),
      bearer: 'tutor',
    },
    {
      name: 'tutor attempt-review',
      method: 'GET',
      path: '/v1/tutor/assignments/:id/attempts/:session',
      params: { id: c.assignment.id, session: c.attempt.uuid },
      bearer: 'tutor',
    },
    {
      name: 'tutor send-message',
      method: 'POST',
      path: '/v1/tutor/assignments/:id/messages',
      params: { id: c.assignment.id },
      body: { text: 'Ten minutes left.', session: c.attempt.uuid },
      requiredBody: ['text'],
      fields: schemaOf(SendMessageRequest),
      bearer: 'tutor',
    },
    {
      name: 'tutor messages',
      method: 'GET',
      path: '/v1/tutor/assignments/:id/messages',
      params: { id: c.assignment.id },
      bearer: 'tutor',
    },
    ...(['pause', 'resume'] as const).map((part) => ({
      name: `tutor ${part}`,
      method: 'POST' as const,
      path: `/v1/tutor/assignments/:id/${part}`,
      params: { id: c.assignment.id },
      body: {},
      bearer: 'tutor' as const,
    })),
    {
      name: 'tutor everyone-extra-time',
      method: 'POST',
      path: '/v1/tutor/assignments/:id/extra-time',
      params: { id: c.assignment.id },
      body: { minutes: 5, reason: 'A fire drill' },
      requiredBody: ['minutes', 'reason'],
      fields: schemaOf(EveryoneExtraTimeRequest),
      bearer: 'tutor',
    },
    {
      name: 'tutor remove-attempt',
      method: 'DELETE',
      path: '/v1/tutor/assignments/:id/attempts/:session',
      params: { id: c.assignment.id, session: c.attempt.uuid },
      bearer: 'tutor',
    },
    {
      name: 'tutor rescore',
      method: 'POST',
      path: '/v1/tutor/assignments/:id/rescore',
      params: { id: c.assignment.id },
      body: {},
      bearer: 'tutor',
    },
    {
      name: 'tutor marking-sheet',
      method: 'GET',
      path: '/v1/tutor/assignments/:id/marking',
      params: { id: c.markable.id },
      query: { anonymous: '1' },
      fields: schemaOf(MarkingQuery),
      bearer: 'tutor',
    },
    {
      name: 'tutor give-mark',
      method: 'PUT',
      path: '/v1/tutor/assignments/:id/marks/:session/:question',
      params: { id: c.markable.id, session: c.markable.session, question: 'q-essay' },
      // Above the question's 3 points: refused by the service, as any bad value must be.
      body: { points: 30, comment: 'Clear.' },
      requiredBody: ['points'],
      fields: {
        ...schemaOf(MarkRequest),
        points: (value: unknown) => typeof value === 'number' && value >= 0 && value <= 3,
      },
      bearer: 'tutor',
    },
    {
      name: 'tutor accommodations',
      method: 'GET',
      path: '/v1/tutor/accommodations',
      bearer: 'tutor',
    },
    {
      name: 'tutor save-accommodation',
      method: 'PUT',
      path: '/v1/tutor/accommodations',
      // What is kept already: a valid replacement would change nothing but its time of change.
      body: { email: 'kept@example.com', accommodation: { time: 'multiplier', multiplier: 1.5, read_aloud: true } },
      requiredBody: ['email', 'accommodation'],
      fields: schemaOf(SaveAccommodationRequest),
      bearer: 'tutor',
    },
    {
      name: 'tutor remove-accommodation',
      method: 'DELETE',
      path: '/v1/tutor/accommodations/:id',
      params: { id: c.accommodation },
      bearer: 'tutor',
    },
    {
      name: 'public assignment',
      method: 'GET',
      path: '/v1/public/assignments/:code',
      params: { code: c.assignment.code },
    },
    {
      name: 'tutor upload-image',
      method: 'POST',
      path: '/v1/tutor/images',
      // The bytes of a picture already stored: a valid upload would change nothing either.
      body: upload('dot.png', TINY_PNG),
      requiredBody: ['name', 'data'],
      fields: schemaOf(UploadImageRequest),
      bearer: 'tutor',
    },
    {
      name: 'image',
      method: 'GET',
      path: '/v1/images/:id',
      params: { id: c.image },
    },
  ].map((e) => ({
    ...e,
    // A path parameter of the right form may still name something; only the valid one is skipped.
    fields: { ...(e as Endpoint).fields, blockId: (v: unknown) => v === 'first' || v === 'second' },
  })) as Endpoint[];
}

/** Calls that carry a JSON body. */
const writes = (e: Endpoint) => e.method === 'POST' || e.method === 'PUT' || e.method === 'PATCH';

type Mutation = (
  e: Endpoint,
) => fc.Arbitrary<{ what: string; change: (r: RequestParts) => void; statuses?: number[] }> | null;

/**
 * Characters the text rule refuses in any field (contract/text.ts): NUL, C0, DEL, C1 and lone
 * surrogates. Line breaks and tabs are refused only in single-line fields, tested with their structs.
 */
const BAD_TEXT = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f', '\uD800', '\uDFFF'];

interface RequestParts {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: unknown;
  raw: { payload: string | Buffer; contentType: string } | null;
  headers: Record<string, string>;
}

function refusedValue(e: Endpoint, field: string, arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const rule = e.fields?.[field];
  if (!rule) return arb;
  return arb.filter((v: unknown) => !(typeof rule === 'function' ? rule(v) : accepts(v, rule)));
}

/** superstruct cannot even describe some values (objects without a prototype): those it does not accept. */
// biome-ignore lint/suspicious/noExplicitAny: any struct of the contract
function accepts(value: unknown, struct: Struct<any, any>): boolean {
  try {
    return is(value, struct);
  } catch {
    return false;
  }
}

const keyOf = (record: Record<string, unknown> | undefined) => fc.constantFrom(...Object.keys(record ?? {}));
const unknownName = fc.oneof(
  fc.constantFrom('admin', 'page', '__proto__', 'constructor', 'x'),
  fc.string({ minLength: 1, maxLength: 12 }),
);

const mutations: Record<string, Mutation> = {
  badText: (e) => {
    const places = [
      ...Object.keys(e.query ?? {}).map((key) => ({ where: 'query' as const, key })),
      ...Object.keys(e.params ?? {}).map((key) => ({ where: 'params' as const, key })),
      ...Object.entries(e.freshBody?.() ?? e.body ?? {})
        .filter(([, value]) => typeof value === 'string')
        .map(([key]) => ({ where: 'body' as const, key })),
    ];
    if (places.length === 0) return null;
    return fc.tuple(fc.constantFrom(...places), fc.constantFrom(...BAD_TEXT), fc.nat()).map(([place, bad, at]) => ({
      what: `bad text in ${place.where} ${place.key}: ${JSON.stringify(bad)} at ${at}`,
      // In JSON the character arrives as written: the text rule's 422. In a URL, a lone surrogate
      // is bytes that do not decode: the URL's own 400.
      statuses: place.where === 'body' ? [422] : [400, 422],
      change: (r: RequestParts) => {
        if (place.where === 'body' && e.freshBody) r.body = e.freshBody();
        const holder = (place.where === 'body' ? r.body : r[place.where]) as Record<string, unknown>;
        const value = String(holder[place.key]);
        const i = at % (value.length + 1);
        holder[place.key] = value.slice(0, i) + bad + value.slice(i);
      },
    }));
  },
  extraQuery: () =>
    fc.tuple(unknownName, nastyString).map(([key, value]) => ({
      what: `extra query ${key}`,
      change: (r) => {
        const current = Object.hasOwn(r.query, key) ? [String(r.query[key]), value] : value;
        Object.defineProperty(r.query, key, { value: current, enumerable: true, writable: true, configurable: true });
      },
    })),
  badQuery: (e) =>
    e.query && Object.keys(e.query).length
      ? keyOf(e.query).chain((key) =>
          refusedValue(e, key, nastyString).map((value) => ({
            what: `query ${key}=${JSON.stringify(value).slice(0, 80)}`,
            change: (r: RequestParts) => {
              r.query[key] = value as string;
            },
          })),
        )
      : null,
  repeatedQuery: (e) =>
    e.query && Object.keys(e.query).length
      ? keyOf(e.query).map((key) => ({
          what: `query ${key} twice`,
          change: (r: RequestParts) => {
            r.query[key] = [String(r.query[key]), String(r.query[key])];
          },
        }))
      : null,
  missingQuery: (e) =>
    e.requiredQuery?.length
      ? fc.constantFrom(...e.requiredQuery).map((key) => ({
          what: `no query ${key}`,
          change: (r: RequestParts) => {
            delete r.query[key];
          },
        }))
      : null,
  badPath: (e) =>
    e.params
      ? keyOf(e.params).chain((key) =>
          refusedValue(e, key, nastyString)
            .filter((v: unknown) => v !== '' && v !== '.' && v !== '..')
            .map((value) => ({
              what: `path ${key}=${JSON.stringify(value).slice(0, 80)}`,
              change: (r: RequestParts) => {
                r.params[key] = value as string;
              },
            })),
        )
      : null,
  missingBody: (e) =>
    e.requiredBody?.length
      ? fc.constantFrom(...e.requiredBody).map((key) => ({
          what: `no body ${key}`,
          change: (r: RequestParts) => {
            delete (r.body as Record<string, unknown>)[key];
          },
        }))
      : null,
  extraBody: (e) =>
    writes(e)
      ? fc
          .tuple(unknownName, nastyValue)
          .filter(([key]) => !Object.hasOwn(e.body ?? {}, key))
          .map(([key, value]) => ({
            what: `extra body ${key}`,
            change: (r: RequestParts) => {
              // JSON.parse makes an own __proto__ key; so does defineProperty here.
              Object.defineProperty(r.body, key, { value, enumerable: true, writable: true, configurable: true });
            },
          }))
      : null,
  retypedBody: (e) =>
    e.body && Object.keys(e.body).length
      ? keyOf(e.body).chain((key) =>
          refusedValue(e, key, nastyValue).map((value) => ({
            what: `body ${key}=${JSON.stringify(value)?.slice(0, 80)}`,
            change: (r: RequestParts) => {
              (r.body as Record<string, unknown>)[key] = value;
            },
          })),
        )
      : null,
  notAnObject: (e) =>
    writes(e)
      ? nastyValue
          .filter(
            (v: unknown) => v === null || typeof v !== 'object' || (Array.isArray(v) && !e.path.endsWith('/answer')),
          )
          .map((value) => ({
            what: `body ${JSON.stringify(value)?.slice(0, 80)}`,
            change: (r: RequestParts) => {
              r.body = value;
            },
          }))
      : null,
  brokenBody: (e) =>
    writes(e)
      ? brokenBody.map((raw) => ({
          what: `raw ${raw.contentType} ${String(raw.payload).slice(0, 40)}`,
          change: (r: RequestParts) => {
            r.raw = raw;
          },
        }))
      : null,
  hugeBody: (e) =>
    writes(e)
      ? hugeBody.map((raw) => ({
          what: `huge body ${raw.payload.length}`,
          change: (r: RequestParts) => {
            r.raw = raw;
          },
        }))
      : null,
  badAuthorization: (e) =>
    e.bearer || e.readsAuthorization
      ? badAuthorization.map((value) => ({
          what: `authorization ${value.slice(0, 60)}`,
          change: (r: RequestParts) => {
            r.headers.authorization = value;
          },
        }))
      : null,
};

function requestFor(e: Endpoint, c: Context) {
  const usable = Object.entries(mutations)
    .map(([, make]) => make(e))
    .filter((a): a is NonNullable<typeof a> => a !== null);
  return fc
    .tuple(fc.oneof(...usable), noiseHeaders, fc.boolean(), fc.boolean())
    .map(([mutation, noise, second, third]) => {
      const parts: RequestParts = {
        params: { ...e.params },
        query: { ...e.query },
        body: e.body ? structuredClone(e.body) : writes(e) ? {} : undefined,
        raw: null,
        headers: {
          ...noise,
          ...e.headers,
          ...(e.bearer ? { authorization: `Bearer ${e.bearer === 'tutor' ? c.tutorToken : c.token}` } : {}),
        },
      };
      mutation.change(parts);
      // Sometimes two things are wrong at once: still one refusal.
      if (second && third && e.query && mutations.extraQuery) parts.query.zz_unknown = 'x';
      let path = e.path;
      for (const [key, value] of Object.entries(parts.params))
        path = path.replace(`:${key}`, encodeURIComponentSafe(value));
      const options: InjectOptions = { method: e.method, url: path + queryString(parts.query), headers: parts.headers };
      if (parts.raw) {
        options.payload = parts.raw.payload;
        options.headers = { ...options.headers, 'content-type': parts.raw.contentType };
      } else if (writes(e)) {
        options.payload = JSON.stringify(parts.body) ?? '';
        options.headers = { ...options.headers, 'content-type': 'application/json' };
      }
      return { what: mutation.what, options, statuses: mutation.statuses };
    });
}

function encodeURIComponentSafe(value: string): string {
  return queryString({ v: value }).slice(3);
}

let t: TestApp;
let c: Context;
const tried: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({
    // Thousands of inputs from one address and on one session: limits are tested on their own.
    env: {
      ...Object.fromEntries(
        ['LOGIN_PER_IP', 'REGISTER_PER_IP', 'STARTS_PER_IP', 'ANSWERS_PER_SESSION', 'FINISHES_PER_SESSION'].map((k) => [
          `RATE_LIMIT_${k}`,
          '100000000',
        ]),
      ),
      METRICS_TOKEN,
      LTI_ADMINS: 'tutor@example.com',
    },
  });
  const student = await makeUser(t.app, { email: 'student@example.com', emailVerified: true });
  const unverified = await makeUser(t.app, {
    email: 'new@example.com',
    firstname: 'Petro',
    lastname: 'Bondar',
    locale: 'uk',
  });
  const tokens = await t.app.accounts.issueTokens(student);
  const start = async (token?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/public/lessons/fixture-sums/start',
      payload: {},
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { uuid: string; api_token: string; sealed?: { version: number } };
  };
  const finish = async (s: { uuid: string; api_token: string }, token?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/public/lessons/online/${s.uuid}/finish`,
      payload: { api_token: s.api_token },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const running = await start();
  const finished = await start();
  await finish(finished);
  const owned = await start(tokens.token);
  await finish(owned);
  const tutor = await makeUser(t.app, { email: 'tutor@example.com', role: 'tutor', locale: 'uk', emailVerified: true });
  const assignment = await t.app.assignments.create(tutor.id, 'uk', {
    lesson_slug: 'fixture-sums',
    rules: PLAINEST_RULES,
  });
  c = {
    token: tokens.token,
    version: Number(running.sealed?.version),
    tutorToken: (await t.app.accounts.issueTokens(tutor)).token,
    tutorTest: (await t.app.tutorTests.create(tutor.id, 'uk', completeDraft())).id,
    image: (await t.app.images.put(tutor.id, TINY_PNG)).id,
    assignment,
    attempt: await t.app.sessions.starts.assigned(
      await t.app.assignmentTakers.admit(assignment.code, null, 'Ann'),
      'uk',
    ),
    signalsAttempt: await t.app.sessions.starts.assigned(
      await t.app.assignmentTakers.admit(
        (
          await t.app.assignments.create(tutor.id, 'uk', {
            lesson_slug: 'fixture-sums',
            rules: { ...PLAINEST_RULES, collect_signals: true },
          })
        ).code,
        null,
        'Bo',
      ),
      'uk',
    ),
    markable: await writtenEssayAttempt(t.app, tutor.id, 'uk', t.clock.value),
    lti: await ltiContext(t, tutor.id),
    accommodation: (
      await t.app.accommodations.save(tutor, {
        email: 'kept@example.com',
        accommodation: { time: 'multiplier', multiplier: 1.5, read_aloud: true },
      })
    ).saved.id,
    receipt: (
      await t.app.receipts.of(
        await t.app.database.db
          .selectFrom('online_sessions')
          .selectAll()
          .where('uuid', '=', finished.uuid)
          .executeTakeFirstOrThrow(),
      )
    )?.receipt,
    unverifiedToken: (await t.app.accounts.issueTokens(unverified)).token,
    refreshToken: tokens.refresh_token,
    running,
    finished,
    owned,
  };
}, 60_000);

afterAll(async () => {
  const lines = Object.entries(tried).map(([name, n]) => `  ${name}: ${n}`);
  const total = Object.values(tried).reduce((a, b) => a + b, 0);
  console.log(`bad-input inputs tried per endpoint on ${dialectName} (${total} in all):\n${lines.join('\n')}`);
  await t?.close();
});

describe(`every /v1 endpoint refuses bad input on ${dialectName}`, () => {
  // The list needs the context, so the names are fixed here and the endpoints built in each test.
  const names = endpoints({
    token: '',
    version: 0,
    tutorToken: '',
    tutorTest: '',
    image: '',
    assignment: { id: '', code: '' },
    attempt: { uuid: '', api_token: '' },
    signalsAttempt: { uuid: '', api_token: '' },
    markable: { id: '', session: '' },
    lti: { platform: '', deepLink: '' },
    accommodation: '',
    receipt: null,
    unverifiedToken: '',
    refreshToken: '',
    running: { uuid: '', api_token: '' },
    finished: { uuid: '', api_token: '' },
    owned: { uuid: '', api_token: '' },
  }).map((e) => e.name);

  it('covers every /v1 route the server has', () => {
    const covered = endpoints(c).map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`);
    // The routes a platform sends a browser to answer bad input with a page (lti-browser-input.test.ts).
    expect([...new Set(covered)].sort()).toEqual(v1Routes(t.app).filter((route) => !BROWSER_ROUTES.includes(route)));
  });

  it.each(names)(
    '%s',
    async (name) => {
      const endpoint = endpoints(c).find((e) => e.name === name) as Endpoint;
      const own = name === 'auth resend-confirmation' ? { ...c, token: c.unverifiedToken } : c;
      const before = await tableDigest(t.database.db);
      tried[name] = 0;
      await fc.assert(
        fc.asyncProperty(requestFor(endpoint, own), async ({ what, options, statuses }) => {
          tried[name] = (tried[name] ?? 0) + 1;
          const res = await t.app.inject(options);
          expectRefusal(res, `${name}: ${what}`);
          if (statuses) expect(statuses, `${name}: ${what}\n${res.body}`).toContain(res.statusCode);
        }),
        fuzzParams(RUNS),
      );
      expect(await tableDigest(t.database.db), `${name} changed the database`).toEqual(before);
    },
    120_000,
  );

  it('keeps refusing the inputs that once made 500s or changed data', async () => {
    const before = await tableDigest(t.database.db);
    const deep = (open: string, close: string, n: number) => `${open.repeat(n)}1${close.repeat(n)}`;
    const cases: InjectOptions[] = [
      // A field named like an Object.prototype member crashed the error formatter.
      { url: '/v1/public/subjects/list?constructor=x' },
      { url: '/v1/public/subjects/list?toString=x&hasOwnProperty=y' },
      // Deep JSON overflowed the validator's message printer.
      ...[deep('[', ']', 50_000), deep('{"a":', '}', 20_000)].map((payload) => ({
        method: 'POST' as const,
        url: `/v1/public/lessons/online/${c.running.uuid}/finish`,
        payload,
        headers: { 'content-type': 'application/json' },
      })),
      // An object whose toString is not a function broke the validator's message (500).
      { method: 'POST', url: '/v1/auth/refresh', payload: { refresh_token: { toString: 'toString' } } },
      { url: `/v1/public/lessons/online/${c.running.uuid}?api_token=${c.running.api_token}&x=1`, headers: {} },
      {
        method: 'POST',
        url: `/v1/public/lessons/online/${c.running.uuid}/answer?api_token=${c.running.api_token}`,
        payload: { answer_id: { valueOf: 1, toString: [] }, question_id: 'q1', value: 'b', answered_at: 0 },
      },
      // A lesson "id" too long for PostgreSQL's integer was a 500 there.
      { url: '/v1/public/lessons/99999999999999999999999' },
      { method: 'POST', url: '/v1/public/lessons/99999999999999999999999/start', payload: {} },
      // A JSON null body started a test as if it were {}.
      {
        method: 'POST',
        url: '/v1/public/lessons/fixture-sums/start',
        payload: 'null',
        headers: { 'content-type': 'application/json' },
      },
      // Stray parameters were ignored by the auth calls (and a sign-in, a refresh or a sign-out went through).
      { url: '/v1/auth/config?x=1' },
      { method: 'POST', url: '/v1/auth/login?x=1', payload: { email: 'student@example.com', password: PASSWORD } },
      { method: 'POST', url: '/v1/auth/refresh?x=1', payload: { refresh_token: c.refreshToken } },
      {
        method: 'POST',
        url: '/v1/auth/logout',
        payload: { everywhere: true },
        headers: { authorization: `Bearer ${c.token}` },
      },
      {
        method: 'POST',
        url: '/v1/profile/link-test?x=1',
        payload: { item: c.finished.uuid, api_token: c.finished.api_token },
        headers: { authorization: `Bearer ${c.token}` },
      },
    ];
    for (const options of cases)
      expectRefusal(await t.app.inject(options), `${options.method ?? 'GET'} ${options.url}`);
    const echoed = await t.app.inject({ url: `/v1/public/subjects/list?audience=${'<b>'.repeat(1000)}` });
    expectRefusal(echoed, 'long audience');
    expect(echoed.body, 'a message must not echo the input').not.toContain('<b><b>');
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('refuses a number past its bound at every place a body holds one, and never answers 500', async () => {
    // Where any finite number is a fair value (a taker's answer, a right number and its tolerance).
    const anyFinite = new Set(['value', 'correct_number', 'correct', 'tolerance']);
    const probes = endpoints(c)
      .filter((e) => writes(e) && e.body)
      .flatMap((e) => {
        // The answer's body carries a text; a number answer is probed too.
        const bodies = e.name === 'online answer' ? [e.body, { ...e.body, value: 1 }] : [e.body];
        return bodies.flatMap((body) =>
          numericPlaces(body).flatMap((path) => EXTREME_NUMBERS.map((number) => ({ e, body, path, number }))),
        );
      });
    const refusedAlways = probes.filter(
      ({ path, number }) => !anyFinite.has(path.at(-1) as string) || !Number.isFinite(Number(number)),
    );
    expect(refusedAlways.map(({ path }) => path.join('.'))).toEqual(
      expect.arrayContaining(['revision', 'rules.opens_at', 'rules.closes_at', 'minutes', 'answered_at']),
    );
    const send = ({ e, body, path, number }: (typeof probes)[number]) => {
      let url = e.path;
      for (const [key, value] of Object.entries(e.params ?? {})) url = url.replace(`:${key}`, value);
      return t.app.inject({
        method: e.method,
        url: url + queryString(e.query ?? {}),
        payload: withNumberAt(body, path, number),
        headers: {
          'content-type': 'application/json',
          ...e.headers,
          ...(e.bearer ? { authorization: `Bearer ${e.bearer === 'tutor' ? c.tutorToken : c.token}` } : {}),
        },
      });
    };
    const before = await tableDigest(t.database.db);
    for (const probe of refusedAlways) {
      expectRefusal(await send(probe), `${probe.e.name}: ${probe.path.join('.')} = ${probe.number}`);
    }
    expect(await tableDigest(t.database.db)).toEqual(before);
    tried['numbers past their bounds'] = refusedAlways.length;
    // Huge but finite numbers where any is fair may be taken or refused, but never break anything.
    for (const probe of probes.filter((p) => !refusedAlways.includes(p))) {
      const res = await send(probe);
      expect(res.statusCode, `${probe.e.name}: ${probe.path.join('.')} = ${probe.number}\n${res.body}`).toBeLessThan(
        500,
      );
    }
  }, 120_000);

  it('refuses each bad answer of a batch on its own and stores none', async () => {
    const before = await tableDigest(t.database.db);
    const item = fc.record({
      answer_id: fc.oneof(fc.uuid().map(String), nastyString),
      question_id: fc.oneof(fc.constantFrom('q1', 'nope'), nastyString),
      value: nastyValue,
      answered_at: nastyValue,
    });
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          item.filter((i) => !accepts(i, AnswerRequest)),
          { minLength: 1, maxLength: 5 },
        ),
        async (items) => {
          runs++;
          const res = await t.app.inject({
            method: 'POST',
            url: `/v1/public/lessons/online/${c.running.uuid}/answer?api_token=${c.running.api_token}`,
            payload: items,
          });
          // Long strings can take a batch past the body limit: refused whole, which is fine too.
          if (res.statusCode === 413) return expectRefusal(res, 'batch over the body limit');
          expect(res.statusCode, res.body).toBe(200);
          for (const result of res.json().data.results) {
            expect(result.status).toBeGreaterThanOrEqual(400);
            expect(result.status).toBeLessThan(500);
            expect(result.message.length).toBeGreaterThan(0);
          }
        },
      ),
      fuzzParams(RUNS / 2),
    );
    tried['online answer (batch items)'] = runs;
    for (const payload of [[], Array.from({ length: 501 }, () => ({}))]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/public/lessons/online/${c.running.uuid}/answer?api_token=${c.running.api_token}`,
        payload,
      });
      expectRefusal(res, `batch of ${payload.length}`);
    }
    expect(await tableDigest(t.database.db)).toEqual(before);
  }, 120_000);
});
