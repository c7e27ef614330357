/**
 * Tutors' own tests: each belongs to one tutor, and to everyone else it does not exist (404). The
 * draft is saved whole with the revision it was made from; a save from an older revision is a
 * conflict (409), decided by the database in one conditional update, so two tabs or two devices
 * never overwrite each other's work without a word.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { LessonFile } from '../../../contract/content.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { ImportResult } from '../../../contract/question-banks.ts';
import type { PublishChecklist, TestDraft, TutorTest, TutorTestSummary } from '../../../contract/tutor-tests.ts';
import type { Database, TutorTestsTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { message, type Phrase, phrase, say } from '../../i18n/messages.ts';
import type { FormulaChecker } from '../formulas/formula-checker.ts';
import { lessonFileOf } from '../question-banks/lesson-files.ts';
import type { StorageQuota } from '../storage/storage-quota.ts';
import { type DraftProblem, draftImages, draftProblems, draftTexts } from './checklist.ts';
import { checkDraftImages, said } from './draft-images.ts';
import { copyOf, emptyDraft } from './drafts.ts';
import { type ImportOptions, readImport } from './import-files.ts';
import {
  catalogPlaceOf,
  contentHash,
  ensureTestRoom,
  summaryOf,
  type TestRow,
  testOf,
  testsWithAttempts,
} from './test-rows.ts';
import { makeCurrent, ownedLessonSlug, writeVersion } from './versions.ts';

/** `images` and `banks` (other systems' banks, read off the event loop) as an import uses them. */
export interface TutorTestsOptions extends Pick<ImportOptions, 'images' | 'banks'> {
  now: () => number;
  dialect: 'sqlite' | 'postgres';
  /** How many tests (any status) one tutor may keep. */
  testsPerTutor: number;
  formulas: FormulaChecker;
  quota: StorageQuota;
}

const notFound = () => new HttpError(404, phrase('tutorTestNotFound'));

export class TutorTests {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: TutorTestsOptions,
  ) {}

  /** Bytes the tutor's images and test versions take (storage-quota.ts). */
  storageUsedBy(ownerId: string): Promise<number> {
    return this.options.quota.usedBy(ownerId);
  }

  /** Formulas being checked now (formula-checker.ts): the checks run on threads of their own. */
  get formulasBusy(): number {
    return this.options.formulas.busy;
  }

  async list(ownerId: string): Promise<TutorTestSummary[]> {
    const rows = await testsWithAttempts(this.db)
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
    await checkDraftImages(this.options.images, draft);
    const [row] = await this.insert(ownerId, [draft]);
    return testOf({ ...(row as TutorTestsTable), has_attempts: false });
  }

  /**
   * New tests, all or none, within the number a tutor may keep; `alongside` stores what they need
   * (an import's images) in the same transaction, once the count allows them.
   */
  private async insert(
    ownerId: string,
    drafts: TestDraft[],
    alongside?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<TutorTestsTable[]> {
    const now = this.options.now();
    const rows = drafts.map(
      (draft): TutorTestsTable => ({
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
      }),
    );
    await this.db.transaction().execute(async (trx) => {
      await ensureTestRoom(trx, ownerId, rows.length, this.options.testsPerTutor);
      await alongside?.(trx);
      await trx.insertInto('tutor_tests').values(rows).execute();
    });
    return rows;
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
    await checkDraftImages(this.options.images, draft);
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
    const { problems } = await this.completeness(draft);
    return {
      ready: problems.length === 0,
      problems: problems.map((p) => ({ field: p.field, message: say(p.said, locale) })),
    };
  }

  /** What keeps the draft from being published, and the id of its catalog place (null for none). */
  private async completeness(draft: TestDraft): Promise<{ problems: DraftProblem[]; specializationId: number | null }> {
    const verdicts = await this.options.formulas.check(draftTexts(draft));
    const problems = draftProblems(draft, (text) => verdicts.get(text) ?? 'ok');
    const place = await catalogPlaceOf(this.db, draft);
    if (place.problem) problems.unshift(place.problem);
    return { problems, specializationId: place.id };
  }

  /** The test's draft as a lesson file, or a 422 naming each thing missing at its field. */
  private async completeFile(row: TestRow) {
    const draft = JSON.parse(row.draft) as TestDraft;
    const { problems, specializationId } = await this.completeness(draft);
    if (problems.length) {
      const fields: Record<string, Phrase[]> = {};
      for (const p of problems) said(fields, p.field, p.said);
      throw new HttpError(422, phrase('testNotComplete'), fields);
    }
    return { draft, file: lessonFileOf(draft, ownedLessonSlug(row.id)), specializationId };
  }

  /**
   * Publishes the draft as its lesson's current version. The same content again makes no new
   * version; a draft saved meanwhile (another tab) is a conflict, never published unseen.
   */
  async publish(ownerId: string, id: string): Promise<TutorTestSummary> {
    const row = await this.row(ownerId, id);
    const { draft, file, specializationId } = await this.completeFile(row);
    const now = this.options.now();
    const draftHash = contentHash(draft);
    const changed = {
      status: 'published' as const,
      published_versions: row.published_versions + (row.published_hash === draftHash ? 0 : 1),
      published_hash: draftHash,
      updated_at: now,
    };
    const lessonId = await this.db.transaction().execute(async (trx) => {
      const version = await writeVersion(trx, this.options.dialect, row, file, now, (bytes) =>
        this.options.quota.ensureRoom(ownerId, bytes, trx),
      );
      await makeCurrent(trx, version, file, specializationId, now);
      const result = await trx
        .updateTable('tutor_tests')
        .set(changed)
        .where('id', '=', id)
        .where('revision', '=', row.revision)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new HttpError(409, phrase('draftConflict'));
      return version.lessonId;
    });
    return summaryOf({ ...row, ...changed, lesson_id: lessonId });
  }

  /** The version a preview of the draft runs on: the draft as it would be published. */
  async previewVersion(
    ownerId: string,
    id: string,
  ): Promise<{ lessonId: number; versionId: number; durationSeconds: number }> {
    const row = await this.row(ownerId, id);
    const { file } = await this.completeFile(row);
    const version = await this.db
      .transaction()
      .execute((trx) =>
        writeVersion(trx, this.options.dialect, row, file, this.options.now(), (bytes) =>
          this.options.quota.ensureRoom(ownerId, bytes, trx),
        ),
      );
    return { lessonId: version.lessonId, versionId: version.versionId, durationSeconds: file.duration_seconds };
  }

  /** The test as a lesson file that holds its images too, so that it makes the same test anywhere. */
  async exportFile(ownerId: string, id: string): Promise<LessonFile> {
    const { draft, file } = await this.completeFile(await this.row(ownerId, id));
    const ids = [...new Set(draftImages(draft).map((i) => i.id))];
    if (ids.length === 0) return file;
    const images = await Promise.all(
      ids.map(async (imageId) => {
        const found = await this.options.images.read(imageId);
        if (!found) throw new HttpError(422, phrase('imageNotUploaded'));
        return { id: imageId, type: found.type, data: found.bytes.toString('base64') };
      }),
    );
    return { ...file, images };
  }

  /**
   * New drafts from files (import-files.ts), all or none, each problem said at `files.<n>[.<field>]`.
   * `language`: the one the imported texts are written in; `locale`: the one the report is said in.
   */
  async importFiles(ownerId: string, files: unknown[], language: Locale, locale: Locale): Promise<ImportResult> {
    const { drafts, embedded, report } = await readImport(files, {
      language,
      locale,
      owner: ownerId,
      images: this.options.images,
      banks: this.options.banks,
      placeProblem: async (draft) => (await catalogPlaceOf(this.db, draft)).problem,
    });
    // Checked whole before anything is stored: a refused import (too many tests) leaves no image.
    // The files go first, outside the transaction; their rows go in with the tests (a race lost
    // at the count leaves files no row names, which the storage sweep removes).
    await ensureTestRoom(this.db, ownerId, drafts.length, this.options.testsPerTutor);
    const known = await this.options.images.describe([...embedded.keys()]);
    const newBytes = [...embedded].reduce((sum, [id, bytes]) => sum + (known.has(id) ? 0 : bytes.length), 0);
    await this.options.quota.ensureRoom(ownerId, newBytes);
    for (const bytes of embedded.values()) await this.options.images.writeFile(bytes);
    const rows = await this.insert(ownerId, drafts, async (trx) => {
      for (const bytes of embedded.values()) await this.options.images.put(ownerId, bytes, 'data', trx);
    });
    const tests = rows.map((row) => summaryOf({ ...row, has_attempts: false }));
    return { tests, report: report.map(({ draft, ...file }) => ({ ...file, test_id: tests[draft]?.id ?? '' })) };
  }

  private async row(ownerId: string, id: string): Promise<TestRow> {
    const row = await testsWithAttempts(this.db)
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }
}
