/**
 * An assignment as the services read it (with what it shows of its lesson), how the API shows it,
 * the one ownership check, and the one writer of its change log.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ASSIGNMENT_CODE_ALPHABET, ASSIGNMENT_CODE_LENGTH, type Assignment } from '../../../contract/assignments.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { AssignmentChangesTable, AssignmentsTable, Database, LessonsTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { type Localized, pick } from '../catalog/localize.ts';
import { rulesOf, stateAt } from '../sessions/assignment-rules.ts';

/** An assignment with what it shows of its lesson. */
export type AssignmentRow = AssignmentsTable &
  Pick<LessonsTable, 'texts' | 'duration_seconds' | 'question_count' | 'current_version_id'>;

/** A taker's code that names no assignment. */
export const notFoundByCode = () => new HttpError(404, phrase('assignmentNotFound'));
/** A tutor's id that names none of theirs (another tutor's reads the same). */
export const notFoundById = () => new HttpError(404, phrase('noSuchAssignment'));

/** A new code: eight characters a class can copy from a board without mistaking one for another. */
export function newAssignmentCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < ASSIGNMENT_CODE_LENGTH; i++)
    code += ASSIGNMENT_CODE_ALPHABET[random(ASSIGNMENT_CODE_ALPHABET.length)];
  return code;
}

export function selectAssignments(db: Kysely<Database>) {
  return db
    .selectFrom('assignments')
    .innerJoin('lessons', 'lessons.id', 'assignments.lesson_id')
    .select([
      'assignments.id',
      'assignments.code',
      'assignments.owner_id',
      'assignments.lesson_id',
      'assignments.test_id',
      'assignments.rules',
      'assignments.opens_at',
      'assignments.closes_at',
      'assignments.started_at',
      'assignments.closed_at',
      'assignments.created_at',
      'assignments.paused_at',
      'lessons.texts',
      'lessons.duration_seconds',
      'lessons.question_count',
      'lessons.current_version_id',
    ]);
}

export function presentAssignment(row: AssignmentRow, locale: Locale, now: number): Assignment {
  const rules = rulesOf(row);
  const texts = JSON.parse(row.texts) as { title: Localized };
  return {
    id: row.id,
    code: row.code,
    title: pick(texts.title, locale),
    state: stateAt(row, rules, now),
    rules,
    test_duration_seconds: Number(row.duration_seconds),
    question_count: Number(row.question_count),
    started_at: row.started_at === null ? null : Number(row.started_at),
    closed_at: row.closed_at === null ? null : Number(row.closed_at),
    created_at: Number(row.created_at),
    ...(row.paused_at === null ? {} : { paused_at: Number(row.paused_at) }),
  };
}

/** A 404 ("no such assignment") unless `id` names one of the tutor's assignments. */
export async function requireOwned(db: Kysely<Database>, ownerId: string, id: string): Promise<void> {
  const row = await db
    .selectFrom('assignments')
    .select('id')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!row) throw notFoundById();
}

/** What the tutor changed after takers started (extra time, a re-scoring), written with the change. */
export async function logChange(
  db: Kysely<Database>,
  change: Omit<AssignmentChangesTable, 'id' | 'detail'> & { detail: object },
): Promise<void> {
  await db
    .insertInto('assignment_changes')
    .values({ ...change, id: randomUUID(), detail: JSON.stringify(change.detail) })
    .execute();
}

/** The version of its test an assignment's new attempts take (the latest published). */
export async function currentVersionId(db: Kysely<Database>, assignmentId: string): Promise<number> {
  const row = await db
    .selectFrom('assignments')
    .innerJoin('lessons', 'lessons.id', 'assignments.lesson_id')
    .select('lessons.current_version_id')
    .where('assignments.id', '=', assignmentId)
    .executeTakeFirstOrThrow();
  return Number(row.current_version_id);
}
