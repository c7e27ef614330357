import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/migrate.ts';
import { createTestDatabase, dialectName, FIXTURES, type TestDatabase, tableDigest } from '../test/helpers.ts';
import { importContent } from './importer.ts';
import { ContentError, loadContent } from './validate.ts';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database);
});
afterEach(async () => {
  await database?.dispose();
});

function copyFixtures(): string {
  const dir = mkdtempSync(join(tmpdir(), 'zalik-content-'));
  cpSync(FIXTURES, dir, { recursive: true });
  return dir;
}

/** The item at an index, or a failed test. */
function at<T>(list: T[] | undefined, index: number): T {
  const item = list?.[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

function edit(file: string, change: (json: Record<string, unknown>) => void) {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  change(json);
  writeFileSync(file, JSON.stringify(json));
}

async function refusal(path: string): Promise<ContentError> {
  try {
    await importContent(database.db, await loadContent(path));
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error('expected the import to be refused');
}

describe(`content import on ${dialectName}`, () => {
  it('imports a catalog and lessons, and a second import changes nothing', async () => {
    const first = await importContent(database.db, await loadContent(FIXTURES));
    expect(first).toEqual({ subjects: 2, specializations: 3, lessons: 3, versionsCreated: 3 });
    const digest = await tableDigest(database.db);
    const second = await importContent(database.db, await loadContent(FIXTURES), Date.now() + 1000);
    expect(second.versionsCreated).toBe(0);
    const after = await tableDigest(database.db);
    for (const table of ['lesson_versions', 'site', 'online_sessions', 'answers'])
      expect(after[table]).toEqual(digest[table]);
    const ids = await database.db.selectFrom('lessons').select(['id', 'slug']).orderBy('id').execute();
    expect(ids.map((l) => l.slug)).toEqual(['fixture-draft', 'fixture-sums', 'fixture-tutor']);
  });

  it('makes a new lesson version when questions change, and keeps the old one', async () => {
    await importContent(database.db, await loadContent(FIXTURES));
    const dir = copyFixtures();
    edit(join(dir, 'lessons/fixture-sums.json'), (l) => {
      at(at(l.blocks as { questions: { points: number }[] }[], 0).questions, 0).points = 5;
    });
    const summary = await importContent(database.db, await loadContent(dir));
    expect(summary.versionsCreated).toBe(1);
    const lesson = await database.db
      .selectFrom('lessons')
      .selectAll()
      .where('slug', '=', 'fixture-sums')
      .executeTakeFirstOrThrow();
    expect(lesson.max_score).toBe(11);
    const versions = await database.db
      .selectFrom('lesson_versions')
      .where('lesson_id', '=', lesson.id)
      .selectAll()
      .execute();
    expect(versions).toHaveLength(2);
    expect(lesson.current_version_id).toBe(Math.max(...versions.map((v) => v.id)));
  });

  it('refuses an invalid file whole, naming the file and the field, and imports nothing', async () => {
    const dir = copyFixtures();
    edit(join(dir, 'lessons/fixture-tutor.json'), (l) => {
      const q = at(at(l.blocks as { questions: Record<string, unknown>[] }[], 0).questions, 0);
      delete (q.text as Record<string, string>).pl;
    });
    edit(join(dir, 'lessons/fixture-draft.json'), (l) => {
      at(at(l.blocks as { questions: Record<string, unknown>[] }[], 0).questions, 0).correct = 'z';
    });
    const before = await tableDigest(database.db);
    const error = await refusal(dir);
    expect(error.problems).toEqual(
      expect.arrayContaining([
        {
          file: expect.stringMatching(/fixture-tutor\.json$/),
          field: 'blocks.0.questions.0.text.pl',
          message: 'The Polish text is missing',
        },
        {
          file: expect.stringMatching(/fixture-draft\.json$/),
          field: 'blocks.0.questions.0.correct',
          message: 'The correct answer is not one of the options',
        },
      ]),
    );
    expect(error.message).toMatch(/fixture-tutor\.json: blocks\.0\.questions\.0\.text\.pl: The Polish text is missing/);
    expect(await tableDigest(database.db)).toEqual(before);
  });

  it('rolls back everything when a lesson names an unknown specialization', async () => {
    const dir = copyFixtures();
    edit(join(dir, 'lessons/fixture-tutor.json'), (l) => {
      l.specialization = 'missing';
    });
    const before = await tableDigest(database.db);
    const error = await refusal(dir);
    expect(error.problems).toEqual([
      expect.objectContaining({ file: expect.stringMatching(/fixture-tutor\.json$/), field: 'specialization' }),
    ]);
    // The catalog and the other lessons were written first inside the transaction, then rolled back.
    expect(await tableDigest(database.db)).toEqual(before);
  });

  it('refuses broken JSON, an unknown kind and duplicate ids', async () => {
    const dir = copyFixtures();
    writeFileSync(join(dir, 'lessons/broken.json'), '{"kind": "lesson",');
    writeFileSync(join(dir, 'lessons/odd.json'), '{"kind": "poem"}');
    edit(join(dir, 'lessons/fixture-sums.json'), (l) => {
      const blocks = l.blocks as { id: string; questions: { id: string }[] }[];
      at(blocks, 1).id = 'first';
      at(at(blocks, 1).questions, 0).id = 'q1';
    });
    const error = await refusal(dir);
    const text = error.message;
    expect(text).toMatch(/broken\.json: \(file\): not valid JSON/);
    expect(text).toMatch(/odd\.json: kind: must be "catalog" or "lesson"/);
    expect(text).toMatch(/fixture-sums\.json: blocks\.1\.id: This id is used twice/);
    expect(text).toMatch(/fixture-sums\.json: blocks\.1\.questions\.0\.id: This id is used twice/);
  });
});
