/**
 * Tutors' own tests: each belongs to one tutor, and to everyone else it does not exist (404). The
 * draft is saved whole with the revision it was made from; a save from an older revision is a
 * conflict (409), decided by the database in one conditional update, so two tabs or two devices
 * never overwrite each other's work without a word.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { LessonFile } from '../../../contract/content.ts';
import { IMAGE_LIMITS } from '../../../contract/images.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { PublishChecklist, TestDraft, TutorTest, TutorTestSummary } from '../../../contract/tutor-tests.ts';
import { checkLessonFile } from '../../content/lesson-file-problems.ts';
import type { Database, TutorTestsTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { message, type Phrase, phrase, say } from '../../i18n/messages.ts';
import { type ImageStore, imageIdOf, imageProblem } from '../images/image-store.ts';
import type { StorageQuota } from '../storage/storage-quota.ts';
import { type DraftProblem, draftImages, draftProblems, draftTexts } from './checklist.ts';
import { copyOf, emptyDraft } from './drafts.ts';
import type { FormulaChecker } from './formula-checker.ts';
import { draftOf, lessonFileOf } from './lesson-files.ts';
import { makeCurrent, ownedLessonSlug, writeVersion } from './versions.ts';

export interface TutorTestsOptions {
  now: () => number;
  dialect: 'sqlite' | 'postgres';
  /** How many tests (any status) one tutor may keep. */
  testsPerTutor: number;
  images: ImageStore;
  formulas: FormulaChecker;
  quota: StorageQuota;
}

/** Adds what is said of a field to the others said of it. */
function said(fields: Record<string, Phrase[]>, field: string, phrase: Phrase): void {
  fields[field] = [...(fields[field] ?? []), phrase];
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

  /** Bytes the tutor's images and test versions take (storage-quota.ts). */
  storageUsedBy(ownerId: string): Promise<number> {
    return this.options.quota.usedBy(ownerId);
  }

  /** Formulas being checked now (formula-checker.ts): the checks run on threads of their own. */
  get formulasBusy(): number {
    return this.options.formulas.busy;
  }

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
    await this.checkImages(draft);
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
      await this.checkRoom(trx, ownerId, rows.length);
      await alongside?.(trx);
      await trx.insertInto('tutor_tests').values(rows).execute();
    });
    return rows;
  }

  /** A 409 unless the tutor may keep `more` tests besides theirs. */
  private async checkRoom(db: Kysely<Database>, ownerId: string, more: number): Promise<void> {
    const { count } = await db
      .selectFrom('tutor_tests')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    if (Number(count) + more > this.options.testsPerTutor) {
      throw new HttpError(409, phrase('tooManyTests', { limit: this.options.testsPerTutor }));
    }
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
    await this.checkImages(draft);
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

  /**
   * Every image a draft shows must be stored (an upload comes first), and one test's images may
   * take IMAGE_LIMITS.perTest together, each counted once; a 422 names each field.
   */
  private async checkImages(draft: TestDraft, known = new Map<string, number>()): Promise<void> {
    const used = draftImages(draft);
    if (used.length === 0) return;
    const stored = await this.options.images.describe(used.map((u) => u.id).filter((id) => !known.has(id)));
    const fields: Record<string, Phrase[]> = {};
    const sizes = new Map<string, number>();
    for (const { id, field } of used) {
      const bytes = known.get(id) ?? stored.get(id)?.bytes;
      if (bytes === undefined) said(fields, field, phrase('imageNotUploaded'));
      else sizes.set(id, bytes);
    }
    const total = [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0);
    if (total > IMAGE_LIMITS.perTest) said(fields, 'images', phrase('testImagesTooLarge', { limit: '20 MB' }));
    if (Object.keys(fields).length) {
      const first = Object.values(fields)[0]?.[0] ?? phrase('imageNotUploaded');
      throw new HttpError(422, first, fields);
    }
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
    let specializationId: number | null = null;
    const verdicts = await this.options.formulas.check(draftTexts(draft));
    const problems = draftProblems(draft, (text) => verdicts.get(text) ?? 'ok');
    if (draft.subject !== null && draft.specialization !== null) {
      const place = await this.db
        .selectFrom('specializations')
        .innerJoin('subjects', 'subjects.id', 'specializations.subject_id')
        .select('specializations.id')
        .where('subjects.slug', '=', draft.subject)
        .where('specializations.slug', '=', draft.specialization)
        .executeTakeFirst();
      if (place) specializationId = place.id;
      else problems.unshift({ field: 'specialization', said: phrase('unknownCatalogPlace') });
    }
    return { problems, specializationId };
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
   * New drafts from lesson files, all or none: each file is checked as the operator's import checks
   * one, and each problem is said at `files.<n>.<field>`. A file's slug, audience and `published`
   * are the catalog's business and are not kept.
   */
  async importFiles(ownerId: string, files: unknown[]): Promise<TutorTestSummary[]> {
    const fields: Record<string, Phrase[]> = {};
    const drafts: TestDraft[] = [];
    const embedded = new Map<string, Buffer>();
    for (const [index, raw] of files.entries()) {
      const { problems, lesson } = checkLessonFile(raw);
      for (const p of problems) said(fields, `files.${index}.${p.field}`, p.said);
      if (!lesson) continue;
      const draft = draftOf(lesson);
      drafts.push(draft);
      const place = (await this.completeness(draft)).problems.find((p) => p.field === 'specialization');
      if (place) said(fields, `files.${index}.specialization`, place.said);
      for (const [at, image] of (lesson.images ?? []).entries()) {
        const bytes = Buffer.from(image.data, 'base64');
        const problem = imageProblem(bytes) ?? (imageIdOf(bytes) === image.id ? null : phrase('imageDoesNotMatch'));
        if (problem) said(fields, `files.${index}.images.${at}.data`, problem);
        else embedded.set(image.id, bytes);
      }
      const sizes = new Map([...embedded].map(([imageId, bytes]) => [imageId, bytes.length]));
      await this.checkImages(draft, sizes).catch((error: unknown) => {
        if (!(error instanceof HttpError) || !error.fieldsSaid) throw error;
        for (const [field, list] of Object.entries(error.fieldsSaid))
          for (const p of list) if (typeof p !== 'string') said(fields, `files.${index}.${field}`, p);
      });
    }
    if (Object.keys(fields).length) throw new HttpError(422, phrase('importRefused'), fields);
    // Checked whole before anything is stored: a refused import (too many tests) leaves no image.
    // The files go first, outside the transaction; their rows go in with the tests (a race lost
    // at the count leaves files no row names, which the storage sweep removes).
    await this.checkRoom(this.db, ownerId, drafts.length);
    const known = await this.options.images.describe([...embedded.keys()]);
    const newBytes = [...embedded].reduce((sum, [id, bytes]) => sum + (known.has(id) ? 0 : bytes.length), 0);
    await this.options.quota.ensureRoom(ownerId, newBytes);
    for (const bytes of embedded.values()) await this.options.images.writeFile(bytes);
    const rows = await this.insert(ownerId, drafts, async (trx) => {
      for (const bytes of embedded.values()) await this.options.images.put(ownerId, bytes, 'data', trx);
    });
    return rows.map((row) => summaryOf({ ...row, has_attempts: false }));
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
              .whereRef('online_sessions.lesson_id', '=', 'tutor_tests.lesson_id')
              .where('online_sessions.preview', '=', 0),
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
