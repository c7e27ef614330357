import fc from 'fast-check';
import { is, type Struct } from 'superstruct';
import { describe, expect, it } from 'vitest';
import {
  isAnswerItem,
  isAnswerRequest,
  isEmptyQuery,
  isFinishRequest,
  isHeartbeatRequest,
  isLessonKeyParams,
  isStartRequest,
  isTokenOnlyQuery,
  isTokenQuery,
  isUuidParams,
} from './answer-guards.ts';
import { EARLIEST_TIME, LATEST_TIME } from './bounds.ts';
import { AnswerItem, AnswerRequest, FinishRequest, HeartbeatRequest, StartRequest } from './online.ts';
import { LessonKey, NoQuery, TokenQuery } from './requests.ts';
// The structs the session endpoints validate with (contract/endpoints/sessions.ts).
import { UuidParams, WriteQuery } from './session-requests.ts';
import { object } from './structs.ts';

const validPart = fc.oneof(fc.string({ maxLength: 1000 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
const validValue = fc.oneof(
  fc.string({ maxLength: 1000 }),
  fc.array(fc.string({ minLength: 1, maxLength: 40 }), { maxLength: 20 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.dictionary(fc.string({ minLength: 1, maxLength: 40 }), validPart, { maxKeys: 20, noNullPrototype: true }),
);
const validItem = fc.record({
  answer_id: fc.uuid(),
  question_id: fc.string({ minLength: 1, maxLength: 40 }),
  value: validValue,
  answered_at: fc.integer({ min: EARLIEST_TIME, max: LATEST_TIME }),
});
const validRequest = fc.record(
  {
    answer_id: fc.uuid(),
    question_id: fc.string({ minLength: 1, maxLength: 40 }),
    value: validValue,
    answered_at: fc.integer({ min: EARLIEST_TIME, max: LATEST_TIME }),
    api_token: fc.string({ minLength: 1, maxLength: 200 }),
  },
  { requiredKeys: ['answer_id', 'question_id', 'value', 'answered_at'] },
);

/** Valid input bent a little: a field dropped, retyped, stretched, or one added. */
function mutated(valid: fc.Arbitrary<Record<string, unknown>>) {
  const odd = fc.oneof(
    fc.anything(),
    fc.string({ maxLength: 1100 }),
    fc.double(),
    fc.array(fc.string({ maxLength: 45 }), { maxLength: 14 }),
    // Each limit and one past it.
    fc.constantFrom(
      null,
      -1,
      EARLIEST_TIME - 1,
      LATEST_TIME + 1,
      8.64e15,
      1.5,
      '',
      'x'.repeat(40),
      'x'.repeat(41),
      'x'.repeat(200),
      'x'.repeat(201),
    ),
    fc.constantFrom('x'.repeat(1000), 'x'.repeat(1001), Array(20).fill('a'), Array(21).fill('a'), ['']),
    // Parts: each limit and one past it, a part of the wrong kind, a line break in a typed part.
    fc.constantFrom(
      Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, 'a'])),
      Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, 'a'])),
      { '': 'a' },
      { ['x'.repeat(41)]: 'a' },
      { p: ['a'] },
      { p: null },
      { p: 'a\nb' },
      { p: Number.NaN },
      { p: 'x'.repeat(1001) },
    ),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, [1], [['a']]),
  );
  const key = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('x', 'api_token', 'constructor', '__proto__'));
  return fc.tuple(valid, key, odd, fc.boolean()).map(([base, key, value, drop]) => {
    const copy: Record<string, unknown> = { ...base };
    const keys = Object.keys(copy);
    const target = keys.length && key.length % 2 === 0 ? (keys[key.length % keys.length] as string) : key;
    if (drop) delete copy[target];
    // defineProperty: "__proto__" becomes an own key, as JSON.parse makes it.
    else Object.defineProperty(copy, target, { value, enumerable: true, writable: true, configurable: true });
    return copy;
  });
}

/** superstruct throws on some odd objects while printing them; the server takes a throw as a refusal. */
function accepts(value: unknown, struct: Struct<unknown, unknown>): boolean {
  try {
    return is(value, struct);
  } catch {
    return false;
  }
}

function agrees(guard: (v: unknown) => boolean, struct: Struct<unknown, unknown>, input: fc.Arbitrary<unknown>) {
  fc.assert(
    fc.property(input, (value) => {
      // Never more lenient than the struct.
      if (guard(value)) expect(accepts(value, struct)).toBe(true);
    }),
    { numRuns: 3000 },
  );
}

/** The start's path parameters, as contract/endpoints/sessions.ts declares them. */
const LessonParams = object({ id: LessonKey });

describe('answer guards', () => {
  it('accept every valid answer, single or batched', () => {
    fc.assert(fc.property(validItem, (v) => isAnswerItem(v) && isAnswerRequest(v)));
    fc.assert(fc.property(validRequest, (v) => isAnswerRequest(v)));
  });

  it('never accept what the structs refuse', () => {
    agrees(isAnswerItem, AnswerItem as Struct<unknown, unknown>, fc.oneof(mutated(validItem), fc.anything()));
    agrees(isAnswerRequest, AnswerRequest as Struct<unknown, unknown>, fc.oneof(mutated(validRequest), fc.anything()));
    agrees(
      isUuidParams,
      UuidParams as Struct<unknown, unknown>,
      fc.oneof(mutated(fc.record({ uuid: fc.uuid() })), fc.anything()),
    );
    agrees(
      isTokenOnlyQuery,
      WriteQuery as Struct<unknown, unknown>,
      fc.oneof(mutated(fc.record({ api_token: fc.string() })), fc.anything()),
    );
    const token = fc.string({ minLength: 1, maxLength: 200 });
    agrees(
      isTokenQuery,
      TokenQuery as Struct<unknown, unknown>,
      fc.oneof(mutated(fc.record({ api_token: token }, { requiredKeys: [] })), fc.anything()),
    );
    agrees(
      isFinishRequest,
      FinishRequest as Struct<unknown, unknown>,
      fc.oneof(
        mutated(fc.record({ api_token: token, reason: fc.constantFrom('manual', 'timeout') }, { requiredKeys: [] })),
        fc.anything(),
      ),
    );
    agrees(
      isHeartbeatRequest,
      HeartbeatRequest as Struct<unknown, unknown>,
      fc.oneof(
        mutated(
          fc.record(
            {
              api_token: token,
              unsent: fc.integer({ min: 0, max: 100_000 }),
              seen: fc.array(fc.oneof(fc.uuid(), fc.string()), { maxLength: 60 }),
            },
            { requiredKeys: ['unsent'] },
          ),
        ),
        fc.anything(),
      ),
    );
  });

  it('accept every valid token query, finish and heartbeat', () => {
    const token = fc.option(fc.string({ minLength: 1, maxLength: 200 }), { nil: undefined });
    const defined = (record: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
    fc.assert(fc.property(token, (api_token) => isTokenQuery(defined({ api_token }))));
    fc.assert(
      fc.property(token, fc.constantFrom(undefined, 'manual', 'timeout'), (api_token, reason) =>
        isFinishRequest(defined({ api_token, reason })),
      ),
    );
    fc.assert(
      fc.property(token, fc.integer({ min: 0, max: 100_000 }), (api_token, unsent) =>
        isHeartbeatRequest(defined({ api_token, unsent })),
      ),
    );
    for (const bad of [{ api_token: '' }, { api_token: 'x'.repeat(201) }, { reason: 'expired' }, { reason: null }]) {
      expect(isFinishRequest(bad)).toBe(false);
      expect(is(bad, FinishRequest)).toBe(false);
    }
    for (const bad of [{ unsent: -1 }, { unsent: 100_001 }, { unsent: 1.5 }, { unsent: '3' }, {}]) {
      expect(isHeartbeatRequest(bad)).toBe(false);
      expect(is(bad, HeartbeatRequest)).toBe(false);
    }
    expect(isTokenQuery({ api_token: '' })).toBe(false);
    expect(is({ api_token: '' }, TokenQuery)).toBe(false);
  });

  it('refuse the near misses the structs refuse', () => {
    const base = {
      answer_id: '0b5a4c52-6c0e-4b8e-9d1e-2f1c1d3c4b5a',
      question_id: 'q1',
      value: 'a',
      answered_at: Date.UTC(2026, 10, 27),
    };
    expect(isAnswerItem(base)).toBe(true);
    for (const essay of ['x'.repeat(20_000), 'First line\nsecond line\r\n\tand a tab']) {
      expect(isAnswerItem({ ...base, value: essay })).toBe(true);
      expect(is({ ...base, value: essay }, AnswerItem)).toBe(true);
    }
    for (const bad of [
      { ...base, answer_id: 'nope' },
      { ...base, question_id: '' },
      { ...base, value: Number.POSITIVE_INFINITY },
      { ...base, value: ['a', ''] },
      { ...base, answered_at: 1.5 },
      { ...base, answered_at: -1 },
      { ...base, answered_at: 0 },
      { ...base, answered_at: EARLIEST_TIME - 1 },
      { ...base, answered_at: LATEST_TIME + 1 },
      { ...base, answered_at: 8640000000000001 },
      { ...base, extra: 1 },
      // An essay's text may be 20,000 characters over lines; a short text's, one line of 1,000.
      { ...base, value: 'x'.repeat(20_001) },
      { ...base, value: Array(21).fill('a') },
      { ...base, value: { p: 'a\nb' } },
      { ...base, value: { p: ['a'] } },
      { ...base, question_id: 'x'.repeat(41) },
      { ...base, api_token: 'x' },
    ]) {
      expect(isAnswerItem(bad)).toBe(false);
      expect(is(bad, AnswerItem)).toBe(false);
    }
    expect(isAnswerRequest({ ...base, api_token: 'x' })).toBe(true);
    expect(isUuidParams({ uuid: base.answer_id })).toBe(true);
    expect(isTokenOnlyQuery({ api_token: ['a', 'b'] })).toBe(false);
  });

  it('accept every start the structs accept that a class sends, and nothing they refuse', () => {
    const key = fc.oneof(
      fc.integer({ min: 1, max: 999_999_999 }).map(String),
      fc.stringMatching(/^[a-z0-9]{1,12}(-[a-z0-9]{1,8}){0,3}$/),
    );
    fc.assert(fc.property(key, (id) => isLessonKeyParams({ id }) && is({ id }, LessonParams)));
    for (const body of [{}, { role: 'student' }, { role: 'tutor' }]) {
      expect(isStartRequest(body)).toBe(true);
      expect(is(body, StartRequest)).toBe(true);
    }
    expect(isEmptyQuery({})).toBe(true);
    agrees(
      isLessonKeyParams,
      LessonParams as Struct<unknown, unknown>,
      fc.oneof(mutated(fc.record({ id: key })), fc.record({ id: fc.string() }), fc.anything()),
    );
    agrees(
      isStartRequest,
      StartRequest as Struct<unknown, unknown>,
      fc.oneof(mutated(fc.record({ role: fc.constantFrom('student', 'tutor') }, { requiredKeys: [] })), fc.anything()),
    );
    agrees(isEmptyQuery, NoQuery as Struct<unknown, unknown>, fc.oneof(mutated(fc.constant({})), fc.anything()));
    for (const id of ['Linear', 'a--b', '-a', 'a-', 'a b', '', 'x'.repeat(201)])
      expect(isLessonKeyParams({ id })).toBe(false);
    // No body is an empty one for the struct; the guard leaves it to the struct.
    expect(isStartRequest(undefined)).toBe(false);
    expect(isStartRequest({ role: 'admin' })).toBe(false);
  });
});
