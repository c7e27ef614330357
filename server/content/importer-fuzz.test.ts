/**
 * A valid lesson file, broken in generated ways: the import must refuse the whole content folder,
 * name the broken file and the field, and leave the database exactly as it was.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.ts';
import { fuzzParams } from '../test/bad-input.ts';
import { createTestDatabase, dialectName, FIXTURES, type TestDatabase, tableDigest } from '../test/helpers.ts';
import { importContent } from './importer.ts';
import { ContentError, loadContent } from './validate.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

const LESSON = 'lessons/fixture-sums.json';
const original = JSON.parse(readFileSync(join(FIXTURES, LESSON), 'utf8')) as Json;
const OPTIONAL = new Set(['explanation']);

function paths(value: Json, at: Path = []): { path: Path; value: Json }[] {
  const here = at.length ? [{ path: at, value }] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => paths(v, [...at, i]))];
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k]))];
  return here;
}

const ALL = paths(original);
const kindOf = (v: Json) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function parentOf(root: Json, path: Path): Record<string | number, Json> {
  let node = root as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) node = node[key as string] as Record<string | number, Json>;
  return node;
}

// Fields holding keys, slugs and names from a fixed list: a string of the wrong form breaks them.
const KEYISH = new Set(['kind', 'slug', 'subject', 'specialization', 'audience', 'id', 'type', 'correct']);

/** A JSON value of another kind than the one at path, or a string no rule of that field allows. */
function replacementFor(path: Path, v: Json): fc.Arbitrary<Json> {
  const other = fc
    .oneof(
      fc.constantFrom<Json>(
        null,
        true,
        0,
        -1,
        1.5,
        1e300,
        '',
        'Bad Slug!',
        '<b>',
        [],
        {},
        [null],
        { x: 1 },
        {
          toString: 'x',
        },
      ),
      fc.string({ maxLength: 5 }),
      fc.integer(),
    )
    .filter((r) => kindOf(r) !== kindOf(v));
  if (typeof v !== 'string') return other;
  const field = path.findLast((p) => typeof p === 'string') as string;
  const sameKind = KEYISH.has(field)
    ? fc
        .oneof(fc.constantFrom('', 'Bad Slug!', '-x', 'UPPER', 'a'.repeat(81)), fc.string({ maxLength: 5 }))
        .filter((r) => !/^[a-z0-9]/.test(r))
    : fc.constantFrom('', '   ', '\t\n');
  return fc.oneof(other, sameKind);
}

interface Mutation {
  what: string;
  /** The field the refusal must name (or lie inside); '' for the file itself. */
  field: string;
  apply(json: Json): string;
}

const asText = (json: Json) => JSON.stringify(json, null, 2);
const at = (path: Path) => path.join('.');

const dropField = fc
  .constantFrom(...ALL.filter((p) => typeof p.path.at(-1) === 'string' && !OPTIONAL.has(String(p.path.at(-1)))))
  .map(
    ({ path }): Mutation => ({
      what: `drop ${at(path)}`,
      field: at(path),
      apply: (json) => {
        delete parentOf(json, path)[path.at(-1) as string];
        return asText(json);
      },
    }),
  );

const retypeField = fc
  .constantFrom(...ALL)
  .chain(({ path, value }) => replacementFor(path, value).map((replacement) => ({ path, replacement })))
  .map(
    ({ path, replacement }): Mutation => ({
      what: `${at(path)} = ${JSON.stringify(replacement)}`,
      field: at(path),
      apply: (json) => {
        parentOf(json, path)[path.at(-1) as string] = replacement;
        return asText(json);
      },
    }),
  );

const extraField = fc
  .tuple(
    fc.constantFrom(...[{ path: [] as Path, value: original }, ...ALL].filter((p) => kindOf(p.value) === 'object')),
    fc.constantFrom('extra', 'Kind', 'correct_answer', 'constructor'),
  )
  .filter(([{ value }, key]) => !Object.hasOwn(value as object, key))
  .map(
    ([{ path }, key]): Mutation => ({
      what: `extra ${at([...path, key])}`,
      field: at([...path, key]),
      apply: (json) => {
        const node = parentOf(json, [...path, key]);
        Object.defineProperty(node, key, { value: 1, enumerable: true, writable: true, configurable: true });
        return asText(json);
      },
    }),
  );

const brokenJson = fc
  .tuple(fc.integer({ min: 1, max: asText(original).length - 2 }), fc.constantFrom('', ',', '}', '\u0000', '"'))
  // A cut that still parses (say, just before the closing brace, which the tail puts back) is no break.
  .filter(([cut, tail]) => {
    try {
      JSON.parse(asText(original).slice(0, cut) + tail);
      return false;
    } catch {
      return true;
    }
  })
  .map(
    ([cut, tail]): Mutation => ({
      what: `cut at ${cut} + ${JSON.stringify(tail)}`,
      field: '',
      apply: (json) => asText(json).slice(0, cut) + tail,
    }),
  );

interface LessonShape {
  specialization: string;
  subject: string;
  blocks: {
    id: string;
    questions: { id: string; type: string; correct?: unknown; options?: { id: string }[] }[];
  }[];
}

const semantic = fc.constantFrom<Mutation>(
  {
    what: 'duplicate block id',
    field: 'blocks',
    apply: (json) => {
      const l = json as unknown as LessonShape;
      (l.blocks[1] as { id: string }).id = (l.blocks[0] as { id: string }).id;
      return asText(json);
    },
  },
  {
    what: 'duplicate question id across blocks',
    field: 'blocks',
    apply: (json) => {
      const l = json as unknown as LessonShape;
      const [a, b] = [l.blocks[0]?.questions[0], l.blocks[1]?.questions[0]];
      if (a && b) b.id = a.id;
      return asText(json);
    },
  },
  {
    what: 'duplicate option id',
    field: 'blocks.0.questions.0',
    apply: (json) => {
      const options = (json as unknown as LessonShape).blocks[0]?.questions[0]?.options ?? [];
      if (options[0] && options[1]) options[1].id = options[0].id;
      return asText(json);
    },
  },
  {
    what: 'single answer key not among the options',
    field: 'blocks.0.questions.0.correct',
    apply: (json) => {
      const q = (json as unknown as LessonShape).blocks[0]?.questions[0];
      if (q) q.correct = 'zz';
      return asText(json);
    },
  },
  {
    what: 'multiple answer keys not among the options',
    field: 'blocks.0.questions.1.correct',
    apply: (json) => {
      const q = (json as unknown as LessonShape).blocks[0]?.questions[1];
      if (q) q.correct = ['a', 'nope'];
      return asText(json);
    },
  },
  {
    what: 'unknown specialization',
    field: 'specialization',
    apply: (json) => {
      (json as unknown as LessonShape).specialization = 'no-such-specialization';
      return asText(json);
    },
  },
  {
    what: 'unknown subject',
    field: 'subject',
    apply: (json) => {
      (json as unknown as LessonShape).subject = 'no-such-subject';
      return asText(json);
    },
  },
  {
    what: 'a text of spaces only',
    field: 'title.uk',
    apply: (json) => {
      ((json as { title: Record<string, string> }).title as Record<string, string>).uk = '   ';
      return asText(json);
    },
  },
);

let database: TestDatabase;
let dir: string;
let before: Record<string, unknown>;
let runs = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database);
  await importContent(database.db, await loadContent(FIXTURES));
  before = await tableDigest(database.db);
  dir = mkdtempSync(join(tmpdir(), 'zalik-content-fuzz-'));
  cpSync(FIXTURES, dir, { recursive: true });
});

afterAll(async () => {
  console.log(`content import fuzzing on ${dialectName}: ${runs} broken lesson files tried`);
  await database?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const related = (reported: string, expected: string) =>
  reported === expected || expected.startsWith(`${reported}.`) || reported.startsWith(`${expected}.`);

describe(`content import fuzzing on ${dialectName}`, () => {
  it('refuses every broken lesson file whole, naming the file and the field, and writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(dropField, retypeField, extraField, brokenJson, semantic), async (mutation) => {
        runs++;
        writeFileSync(join(dir, LESSON), mutation.apply(structuredClone(original)));
        let error: unknown = null;
        try {
          await importContent(database.db, await loadContent(dir), Date.now() + runs * 1000);
        } catch (caught) {
          error = caught;
        }
        expect(error, mutation.what).toBeInstanceOf(ContentError);
        const problems = (error as ContentError).problems;
        const named = problems.filter((p) => p.file.endsWith('fixture-sums.json'));
        expect(named.length, `${mutation.what}: ${(error as Error).message}`).toBeGreaterThan(0);
        // The top level of the file is too vague to help an author: the problem must point inside.
        if (mutation.field)
          expect(
            named.some((p) => p.field !== '' && related(p.field, mutation.field)),
            `${mutation.what} should name ${mutation.field}: ${(error as Error).message}`,
          ).toBe(true);
        expect(await tableDigest(database.db), mutation.what).toEqual(before);
      }),
      fuzzParams(150),
    );
  }, 120_000);
});
