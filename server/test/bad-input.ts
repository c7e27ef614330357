/**
 * Generators of hostile input for the `/v1` property tests, and the checks every refusal must pass.
 * Kept apart from the tests so the endpoint table stays readable.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** Strings people and scripts send by accident or on purpose. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '\u202Eevil\u202C',
    'مرحبا بالعالم',
    '👩‍👩‍👧‍👦🇺🇦',
    "'; DROP TABLE users; --",
    '1 OR 1=1',
    '" UNION ALL SELECT token_hash FROM auth_tokens --',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../../etc/passwd',
    '%00',
    '%E0%A4%A',
    `\${7*7}{{7*7}}`,
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1e309',
    '99999999999999999999999',
    '00000000-0000-0000-0000-000000000000',
    'not-a-uuid',
    'UPPER-Slug',
    'slug--double',
    '-leading',
    'true',
    'null',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 1000, max: 20_000 }).map((n) => 'ж'.repeat(n)),
);

/** JSON values of the wrong kind for almost any field. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(null, true, false, 0, -1, -0, 1.5, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e308, [], {}, [[[]]]),
  fc.double(),
  fc.integer(),
  fc.array(nastyString, { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), nastyString, { maxKeys: 3 }),
);

/** Percent-encodes any string, lone surrogates included (as the bytes a broken client would send). */
function encodeAny(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((ch) => {
        const code = ch.charCodeAt(0);
        if (code >= 0xd800 && code <= 0xdfff) {
          // CESU-style bytes of the lone surrogate: invalid UTF-8 on purpose.
          return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('');
        }
        return encodeURIComponent(ch);
      })
      .join('');
  }
}

export function queryString(query: Record<string, string | string[]>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) parts.push(`${encodeAny(key)}=${encodeAny(v)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Headers that must never turn a refusal into something else. */
export const noiseHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'application-language': fc.oneof(
      fc.constantFrom('xx', 'uk;q=2', '*', '', 'en-US,en;q=0.9', 'ru\u0000', 'PL'),
      fc.string({ maxLength: 30 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
    ),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '::1, 10.0.0.1'),
  },
  { requiredKeys: [] },
);

/** Authorization values that name nobody. */
export const badAuthorization: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer x',
    'Basic dXNlcjpwYXNz',
    'bearer null',
    'Bearer undefined',
    `Bearer ${'A'.repeat(43)}`,
    `Bearer ${'a'.repeat(5000)}`,
    'Bearer a b',
    'Token abc',
    "Bearer ' OR 1=1 --",
  ),
  fc
    .string({ maxLength: 60 })
    .filter((s) => /^[\x21-\x7e]+$/.test(s))
    .map((s) => `Bearer ${s}`),
);

/** Bodies that are not JSON objects the API can read, each with the content type it is sent as. */
export const brokenBody: fc.Arbitrary<{ payload: string | Buffer; contentType: string }> = fc.oneof(
  fc
    .constantFrom(
      '{',
      '{"a":}',
      "{'a':1}",
      '{"a":1,}',
      'nul',
      '\u0000',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
    )
    .map((payload) => ({ payload, contentType: 'application/json' })),
  fc.constant({ payload: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), contentType: 'application/json' }),
  fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/octet-stream',
        'text/html',
        'application/jsonx',
        'garbage',
      ),
      fc.constantFrom('{"role":"student"}', 'a=1&b=2', '<a/>', '--x\r\n\r\n--x--'),
    )
    .map(([contentType, payload]) => ({ payload, contentType })),
  fc.integer({ min: 2_000, max: 60_000 }).map((depth) => ({
    payload: `${'['.repeat(depth)}${']'.repeat(depth)}`,
    contentType: 'application/json',
  })),
  fc.integer({ min: 2_000, max: 30_000 }).map((depth) => ({
    payload: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    contentType: 'application/json',
  })),
);

/** More than the body limit allows. */
export const hugeBody = fc
  .integer({ min: 257 * 1024, max: 600 * 1024 })
  .map((size) => ({ payload: JSON.stringify({ value: 'x'.repeat(size) }), contentType: 'application/json' }));

// What only the server's insides would say: a stack frame, a database's words, a file of ours.
const LEAKS = [
  /\n\s+at /,
  /\bat [\w.<>]+ \(/,
  /node_modules|\/work\/|\.ts:\d+|\/server\//,
  /SQLITE_|sqlite3?|syntax error|relation "|violates|constraint|kysely|pg_|duplicate key|ECONN/i,
  /Internal Server Error/,
];

/** A refusal: a 4xx in the error envelope with a message for people and no internals. */
export function expectRefusal(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what}\n${res.body.slice(0, 500)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what}\n${res.body.slice(0, 500)}`).toBeLessThan(500);
  expect(res.headers['content-type'], what).toMatch(/^application\/json/);
  const body = res.json() as { message?: unknown; errors?: unknown };
  expect(typeof body.message, what).toBe('string');
  expect((body.message as string).trim().length, what).toBeGreaterThan(0);
  if (body.errors !== undefined) {
    expect(typeof body.errors, what).toBe('object');
    for (const list of Object.values(body.errors as Record<string, unknown>)) {
      expect(Array.isArray(list) && list.every((m) => typeof m === 'string' && m.length > 0), what).toBe(true);
    }
  }
  // The errors' keys name the fields refused, which may be the caller's own made-up names (a random
  // "egPg_h" is not PostgreSQL speaking): everything else of the answer is searched.
  const searched = JSON.stringify({ ...body, errors: body.errors && Object.values(body.errors as object) });
  for (const leak of LEAKS) expect(searched, what).not.toMatch(leak);
}

/** fast-check settings: bounded for two shared cores, reproducible with FUZZ_SEED. */
export function fuzzParams(numRuns: number): fc.Parameters<unknown> {
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() ^ (Math.random() * 2 ** 31);
  return {
    numRuns: Number(process.env.FUZZ_RUNS ?? numRuns),
    seed,
    endOnFailure: true,
    reporter(details) {
      if (!details.failed) return;
      const example = JSON.stringify((details.counterexample as unknown[] | null)?.[0], (_, v) =>
        typeof v === 'string' && v.length > 300 ? `${v.slice(0, 300)}…(${v.length} chars)` : v,
      );
      const reason = String((details.errorInstance as Error | undefined)?.message ?? '').slice(0, 1500);
      throw new Error(
        `Property failed after ${details.numRuns} runs; reproduce with FUZZ_SEED=${details.seed}\n` +
          `input: ${example}\n${reason}`,
      );
    },
  };
}

/**
 * Numbers past every bound a column or a time can have, as JSON text: `1e400` parses to Infinity,
 * and 2^31, 2^53, 2^63 overflow PostgreSQL's integer and bigint (once a 500 there).
 */
export const EXTREME_NUMBERS = [
  '2147483648',
  '9007199254740993',
  '9223372036854775808',
  '-1152921504606846976',
  '8640000000000001',
  '1e300',
  '-1e300',
  '1e400',
  '-1e400',
  '-1',
] as const;

/** Where a JSON value holds numbers (and nulls of fields named `*_at`, which take times): dotted paths. */
export function numericPlaces(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'number') return [path];
  if (value === null) return path.at(-1)?.endsWith('_at') ? [path] : [];
  if (typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => numericPlaces(item, [...path, key]));
}

/** The JSON text of `body` with the value at `path` written as `number` (as it came, 1e400 too). */
export function withNumberAt(body: unknown, path: string[], number: string): string {
  const marker = '@@number-here@@';
  const copy = structuredClone(body) as Record<string, unknown>;
  let holder = copy;
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string, unknown>;
  holder[path.at(-1) as string] = marker;
  return JSON.stringify(copy).replace(JSON.stringify(marker), number);
}
