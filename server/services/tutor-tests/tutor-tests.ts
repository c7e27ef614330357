/**
 * Tutors' own tests: each belongs to one tutor, and to everyone else it does not exist (404). The
 * draft is saved whole with the revision it was made from; a save from an older revision is a
 * conflict (409), decided by the database in one conditional update, so two tabs or two devices
 * never overwrite each other's work without a word.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Locale } from '../../../contract/locale.ts';
import type { PublishChecklist, TestDraft, TutorTest, TutorTestSummary } from '../../../contract/tutor-tests.ts';
import type { Database, TutorTestsTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { message, phrase, say } from '../../i18n/messages.ts';
import { type DraftProblem, draftProblems } from './checklist.ts';
import { copyOf, emptyDraft } from './drafts.ts';

export interface TutorTestsOptions {
  now: () => number;
  /** How many tests (any status) one tutor may keep. */
  testsPerTutor: number;
}

const notFound = () => new HttpError(404, phrase('tutorTestNotFound'));

/** The hash of what would be published: a draft equal to the last published one has no changes. */
function contentHash(draft: TestDraft): string {
  return createHash('sha256').update(JSON.stringify(draft)).digest('hex');
}

export class TutorTests {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: TutorTestsOptions,
  ) {}

  async list(ownerId: string): Promise<TutorTestSummary[]> {
    const rows = await this.withAttempts()
      .where('owner_id', '=', ownerId)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map((row) => summaryOf(row));
  }

  async get(ownerId: string, id: string): Promise<TutorTest> {
    return testOf(await this.row(ownerId, id));
  }

  async create(ownerId: string, locale: Locale, draft: TestDraft = emptyDraft(locale)): Promise<TutorTest> {
    const now = this.options.now();
    const row: TutorTestsTable = {
      id: randomUUID(),
      owner_id: ownerId,
      status: 'draft',
      draft: JSON.stringify(draft),
      revision: 1,
      published_versions: 0,
      published_hash: null,
      lesson_id: null,
      created_at: now,
      updated_at: now,
    };
    await this.db.transaction().execute(async (trx) => {
      const { count } = await trx
        .selectFrom('tutor_tests')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= this.options.testsPerTutor) {
        throw new HttpError(409, phrase('tooManyTests', { limit: this.options.testsPerTutor }));
      }
      await trx.insertInto('tutor_tests').values(row).execute();
    });
    return testOf({ ...row, has_attempts: false });
  }

  async duplicate(ownerId: string, id: string, locale: Locale): Promise<TutorTest> {
    const source = await this.row(ownerId, id);
    const draft = JSON.parse(source.draft) as TestDraft;
    return this.create(
      ownerId,
      locale,
      copyOf(draft, (language) => message('copySuffix', language)),
    );
  }

  /** Saves the draft made from `revision`; the next revision, or a 409 when another save came first. */
  async save(ownerId: string, id: string, revision: number, draft: TestDraft): Promise<TutorTestSummary> {
    const result = await this.db
      .updateTable('tutor_tests')
      .set({ draft: JSON.stringify(draft), revision: revision + 1, updated_at: this.options.now() })
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .where('revision', '=', revision)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      await this.row(ownerId, id);
      throw new HttpError(409, phrase('draftConflict'));
    }
    return summaryOf(await this.row(ownerId, id));
  }

  async archive(ownerId: string, id: string): Promise<TutorTestSummary> {
    return this.setStatus(ownerId, id, () => 'archived');
  }

  /** Out of the archive: published again if it ever was, else a draft. */
  async restore(ownerId: string, id: string): Promise<TutorTestSummary> {
    return this.setStatus(ownerId, id, (row) => (row.published_versions > 0 ? 'published' : 'draft'));
  }

  private async setStatus(
    ownerId: string,
    id: string,
    statusOf: (row: TutorTestsTable) => TutorTestsTable['status'],
  ): Promise<TutorTestSummary> {
    const row = await this.row(ownerId, id);
    const changed = { status: statusOf(row), updated_at: this.options.now() };
    await this.db.updateTable('tutor_tests').set(changed).where('id', '=', id).execute();
    return summaryOf({ ...row, ...changed });
  }

  /** A draft never published goes; one that was published keeps its results and can only be archived. */
  async remove(ownerId: string, id: string): Promise<void> {
    const row = await this.row(ownerId, id);
    if (row.published_versions > 0) throw new HttpError(409, phrase('publishedTestIsArchived'));
    await this.db.deleteFrom('tutor_tests').where('id', '=', id).where('published_versions', '=', 0).execute();
  }

  async checklist(ownerId: string, id: string, locale: Locale): Promise<PublishChecklist> {
    const draft = JSON.parse((await this.row(ownerId, id)).draft) as TestDraft;
    const problems = [...(await this.catalogProblems(draft)), ...draftProblems(draft)];
    return {
      ready: problems.length === 0,
      problems: problems.map((p) => ({ field: p.field, message: say(p.said, locale) })),
    };
  }

  private async catalogProblems(draft: TestDraft): Promise<DraftProblem[]> {
    if (draft.subject === null || draft.specialization === null) return [];
    const place = await this.db
      .selectFrom('specializations')
      .innerJoin('subjects', 'subjects.id', 'specializations.subject_id')
      .select('specializations.id')
      .where('subjects.slug', '=', draft.subject)
      .where('specializations.slug', '=', draft.specialization)
      .executeTakeFirst();
    return place ? [] : [{ field: 'specialization', said: phrase('unknownCatalogPlace') }];
  }

  private async row(ownerId: string, id: string): Promise<TestRow> {
    const row = await this.withAttempts().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** The tests' rows, each with whether its published lesson was ever taken. */
  private withAttempts() {
    return this.db
      .selectFrom('tutor_tests')
      .selectAll('tutor_tests')
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('online_sessions')
              .select('online_sessions.uuid')
              .whereRef('online_sessions.lesson_id', '=', 'tutor_tests.lesson_id'),
          )
          .as('has_attempts'),
      );
  }
}

/** A test's row with whether it was taken (SQLite says 0 or 1, PostgreSQL true or false). */
type TestRow = TutorTestsTable & { has_attempts: boolean | number };

function summaryOf(row: TestRow): TutorTestSummary {
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

function testOf(row: TestRow): TutorTest {
  return { ...summaryOf(row), draft: JSON.parse(row.draft) as TestDraft };
}
