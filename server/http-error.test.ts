import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LessonFile } from '../contract/content.ts';
import { AnswerItem, LinkTestRequest, RefreshRequest, StartRequest } from '../contract/index.ts';
import { HttpError, parseInput, validateSafely } from './http-error.ts';
import { fuzzParams } from './test/bad-input.ts';

// JSON as JSON.parse makes it, with the keys that trip up code turning values into text.
const awkwardKey = fc.constantFrom('toString', 'valueOf', '__proto__', 'constructor', 'hasOwnProperty', 'then', 'x');
const json: fc.Arbitrary<unknown> = fc
  .letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom(null, true, 1, -0, 1e308, '', 'text', '\u0000'),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.array(fc.tuple(fc.oneof(awkwardKey, fc.string({ maxLength: 4 })), tie('value')), { maxLength: 4 }),
    ),
  }))
  .value.map((v) =>
    JSON.parse(
      JSON.stringify(v, (_k, x) =>
        Array.isArray(x) && x.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string')
          ? Object.fromEntries(x)
          : x,
      ),
    ),
  );

describe('validating any JSON', () => {
  it('never throws anything but a 422, whatever the keys and nesting', () => {
    let runs = 0;
    fc.assert(
      fc.property(
        json,
        fc.constantFrom(AnswerItem, LinkTestRequest, RefreshRequest, StartRequest, LessonFile),
        (value, struct) => {
          runs++;
          for (const wrapped of [value, { refresh_token: value }, { answer_id: value, value }, { role: value }]) {
            expect(() => validateSafely(wrapped, struct as never)).not.toThrow();
            try {
              parseInput(struct as never, wrapped, 'input');
            } catch (error) {
              expect(error).toBeInstanceOf(HttpError);
              expect((error as HttpError).statusCode).toBe(422);
            }
          }
        },
      ),
      fuzzParams(300),
    );
    expect(runs).toBeGreaterThan(0);
  });

  it('refuses values that cannot even be printed', () => {
    for (const value of [
      { toString: 'x' },
      { valueOf: 1, toString: [] },
      JSON.parse('{"__proto__": {"toString": "x"}}'),
    ]) {
      const [error] = validateSafely({ refresh_token: value }, RefreshRequest);
      expect(error?.failures().map((f) => f.path.join('.'))).toContain('refresh_token');
    }
  });
});
