/**
 * Plain checks of the input of the calls a class makes all at once (answers, heartbeats, finishes,
 * results, starts), equivalent to or stricter than their structs. superstruct
 * walks every value through generators, a tenth of the answer path's CPU under load; these let the
 * ordinary answer through in a few comparisons. Whatever they refuse is checked again by the struct,
 * which decides and names the fields, so a guard can only speed a valid answer up, never let an
 * invalid one in (`answer-guards.test.ts` checks that against the structs on generated input).
 */
import { ANSWER_PARTS } from './answer-value.ts';
import { EARLIEST_TIME, LATEST_TIME } from './bounds.ts';
import { ESSAY_CHARACTERS } from './essay-size.ts';
import { UUID_PATTERN } from './online.ts';
import { textProblem } from './text.ts';

type Guard = (value: unknown) => boolean;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own keys are all among `allowed` and every `required` key is there. */
function hasOnlyKeys(value: Record<string, unknown>, required: readonly string[], allowed: readonly string[]) {
  const keys = Object.keys(value);
  if (keys.length < required.length || keys.length > allowed.length) return false;
  for (const key of keys) if (!allowed.includes(key)) return false;
  for (const key of required) if (!Object.hasOwn(value, key)) return false;
  return true;
}

function isShortString(value: unknown, min: number, max: number): value is string {
  return typeof value === 'string' && value.length >= min && value.length <= max;
}

function isLineOrNumber(value: unknown): boolean {
  if (typeof value === 'string') return value.length <= 1000 && textProblem(value, false) === null;
  return typeof value === 'number' && Number.isFinite(value);
}

function isAnswerValue(value: unknown): boolean {
  if (isLineOrNumber(value)) return true;
  if (typeof value === 'string') return value.length <= ESSAY_CHARACTERS && textProblem(value, true) === null;
  if (Array.isArray(value)) {
    if (value.length > ANSWER_PARTS) return false;
    for (const item of value) if (!isShortString(item, 1, 40)) return false;
    return true;
  }
  // A plain object, as JSON.parse makes: superstruct cannot even print one without a prototype.
  if (!isRecord(value) || Object.getPrototypeOf(value) !== Object.prototype) return false;
  const keys = Object.keys(value);
  if (keys.length > ANSWER_PARTS) return false;
  for (const key of keys) if (!isShortString(key, 1, 40) || !isLineOrNumber(value[key])) return false;
  return true;
}

const ITEM_KEYS = ['answer_id', 'question_id', 'value', 'answered_at'] as const;
const REQUEST_KEYS = [...ITEM_KEYS, 'api_token'] as const;

function isItemFields(value: Record<string, unknown>): boolean {
  const at = value.answered_at;
  return (
    typeof value.answer_id === 'string' &&
    UUID_PATTERN.test(value.answer_id) &&
    isShortString(value.question_id, 1, 40) &&
    isAnswerValue(value.value) &&
    typeof at === 'number' &&
    Number.isInteger(at) &&
    at >= EARLIEST_TIME &&
    at <= LATEST_TIME
  );
}

/** `AnswerItem`: one answer of a batch. */
export const isAnswerItem: Guard = (value) =>
  isRecord(value) && hasOnlyKeys(value, ITEM_KEYS, ITEM_KEYS) && isItemFields(value);

/** `AnswerRequest`: one answer, the token optionally in the body. */
export const isAnswerRequest: Guard = (value) =>
  isRecord(value) &&
  hasOnlyKeys(value, ITEM_KEYS, REQUEST_KEYS) &&
  isItemFields(value) &&
  (value.api_token === undefined || isShortString(value.api_token, 1, 200));

/** `{ uuid: Uuid }` path parameters. */
export const isUuidParams: Guard = (value) =>
  isRecord(value) &&
  hasOnlyKeys(value, ['uuid'], ['uuid']) &&
  typeof value.uuid === 'string' &&
  UUID_PATTERN.test(value.uuid);

/** A write's query: `api_token` optional, nothing else. */
export const isTokenOnlyQuery: Guard = (value) =>
  isRecord(value) &&
  hasOnlyKeys(value, [], ['api_token']) &&
  (value.api_token === undefined || typeof value.api_token === 'string');

function isTokenField(value: unknown): boolean {
  return value === undefined || isShortString(value, 1, 200);
}

/** `TokenQuery`: a read's query, `api_token` (1-200 characters) optional, nothing else. */
export const isTokenQuery: Guard = (value) =>
  isRecord(value) && hasOnlyKeys(value, [], ['api_token']) && isTokenField(value.api_token);

/** `FinishRequest`: the token and the reason, each optional; the whole class sends one at its deadline. */
export const isFinishRequest: Guard = (value) =>
  isRecord(value) &&
  hasOnlyKeys(value, [], ['api_token', 'reason']) &&
  isTokenField(value.api_token) &&
  (value.reason === undefined || value.reason === 'manual' || value.reason === 'timeout');

/** `HeartbeatRequest`: every device of an assignment sends one every 15 s. */
export const isHeartbeatRequest: Guard = (value) =>
  isRecord(value) &&
  hasOnlyKeys(value, ['unsent'], ['api_token', 'unsent', 'seen']) &&
  isTokenField(value.api_token) &&
  Number.isInteger(value.unsent) &&
  (value.unsent as number) >= 0 &&
  (value.unsent as number) <= 100_000 &&
  (value.seen === undefined ||
    (Array.isArray(value.seen) &&
      value.seen.length <= 50 &&
      value.seen.every((id) => typeof id === 'string' && UUID_PATTERN.test(id))));

const LESSON_ID = /^[1-9]\d{0,8}$/;
const LESSON_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `{ id: LessonKey }`: a start's lesson, by id or slug (the whole class starts within seconds). */
export const isLessonKeyParams: Guard = (value) =>
  isRecord(value) &&
  hasOnlyKeys(value, ['id'], ['id']) &&
  isShortString(value.id, 1, 200) &&
  (LESSON_ID.test(value.id) || LESSON_SLUG.test(value.id));

/** `NoQuery`: nothing in the query. */
export const isEmptyQuery: Guard = (value) => isRecord(value) && Object.keys(value).length === 0;

/** `StartRequest`: the role, optional. */
export const isStartRequest: Guard = (value) =>
  isRecord(value) &&
  hasOnlyKeys(value, [], ['role']) &&
  (value.role === undefined || value.role === 'student' || value.role === 'tutor');
