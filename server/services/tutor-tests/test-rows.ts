/** A tutor's test as the database keeps it, and as the API shows it (a summary, or whole with its draft). */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Locale } from '../../../contract/locale.ts';
import type { TestDraft, TutorTest, TutorTestSummary } from '../../../contract/tutor-tests.ts';
import type { Database, TutorTestsTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { type Phrase, phrase } from '../../i18n/messages.ts';

/** A test's row with whether it was taken (SQLite says 0 or 1, PostgreSQL true or false). */
export type TestRow = TutorTestsTable & { has_attempts: boolean | number };

/** The hash of what would be published: a draft equal to the last published one has no changes. */
export function contentHash(draft: TestDraft): string {
  return createHash('sha256').update(JSON.stringify(draft)).digest('hex');
}

/** The tests' rows, each with whether its published lesson was ever taken (by anyone but a preview). */
export function testsWithAttempts(db: Kysely<Database>) {
  return db
    .selectFrom('tutor_tests')
    .selectAll('tutor_tests')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('online_sessions')
            .select('online_sessions.uuid')
            .whereRef('online_sessions.lesson_id', '=', 'tutor_tests.lesson_id')
            .where('online_sessions.preview', '=', 0),
        )
        .as('has_attempts'),
    );
}

/** A 409 unless the tutor may keep `more` tests besides theirs (TUTOR_TESTS_MAX, any status). */
export async function ensureTestRoom(db: Kysely<Database>, ownerId: string, more: number, limit: number) {
  const { count } = await db
    .selectFrom('tutor_tests')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  if (Number(count) + more > limit) throw new HttpError(409, phrase('tooManyTests', { limit }));
}

export function summaryOf(row: TestRow): TutorTestSummary {
  const draft = JSON.parse(row.draft) as TestDraft;
  const primary = draft.languages[0] as Locale;
  return {
    id: row.id,
    status: row.status,
    title: draft.title[primary] ?? '',
    languages: draft.languages,
    subject: draft.subject,
    specialization: draft.specialization,
    question_count: draft.blocks.reduce((sum, block) => sum + block.questions.length, 0),
    duration_seconds: draft.duration_seconds,
    revision: row.revision,
    published_versions: row.published_versions,
    unpublished_changes: row.published_versions > 0 && row.published_hash !== contentHash(draft),
    has_attempts: Boolean(row.has_attempts),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function testOf(row: TestRow): TutorTest {
  return { ...summaryOf(row), draft: JSON.parse(row.draft) as TestDraft };
}

/** A draft's catalog place: its id (null for none), or the problem of one the catalog lacks. */
export async function catalogPlaceOf(
  db: Kysely<Database>,
  draft: TestDraft,
): Promise<{ id: number | null; problem?: { field: string; said: Phrase } }> {
  if (draft.subject === null || draft.specialization === null) return { id: null };
  const place = await db
    .selectFrom('specializations')
    .innerJoin('subjects', 'subjects.id', 'specializations.subject_id')
    .select('specializations.id')
    .where('subjects.slug', '=', draft.subject)
    .where('specializations.slug', '=', draft.specialization)
    .executeTakeFirst();
  if (place) return { id: place.id };
  return { id: null, problem: { field: 'specialization', said: phrase('unknownCatalogPlace') } };
}
