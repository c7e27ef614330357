/**
 * Every answer of every attempt of an assignment, one row per attempt and question in the test's
 * order, as CSV (UTF-8 with a BOM, headers in the tutor's language), made page by page so that a
 * large class streams out without the whole file in memory. An essay's row holds its text, its mark
 * (or "awaiting marking") and, in a column of its own where the test has essays, the marker's comment.
 */
import type { Kysely } from 'kysely';
import type { Question } from '../../../contract/content.ts';
import type { Option } from '../../../contract/lesson-parts.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { AnswerValue } from '../../../contract/online.ts';
import {
  isHandMarked,
  optionsOf,
  promptsOf,
  questionScore,
  readableAnswer,
  shownOf,
} from '../../../contract/question-types/registry.ts';
import type { Database } from '../../db/schema.ts';
import { message } from '../../i18n/messages.ts';
import type { LessonVersionStore } from '../catalog/lesson-versions.ts';
import { type Localized, pick } from '../catalog/localize.ts';
import { csvCell } from '../platform/csv-cell.ts';
import { assignmentMarks } from '../sessions/hand-marks.ts';
import { hasHandMarked, isCorrect, roundScore } from '../sessions/scoring.ts';
import { requireOwned } from './assignment-rows.ts';
import { inClassListOrder } from './class-list-order.ts';
import { latestPerQuestion } from './latest-answers.ts';

/**
 * Every answer of every attempt, one row per attempt and question in the test's order, as CSV
 * (UTF-8 with a BOM, headers in the tutor's language), made page by page so that a large class
 * streams out without the whole file in memory.
 */
export async function* answersCsv(
  db: Kysely<Database>,
  versions: LessonVersionStore,
  ownerId: string,
  id: string,
  locale: Locale,
): AsyncGenerator<string> {
  await requireOwned(db, ownerId, id);
  const marks = await assignmentMarks(db, id);
  const sessions = await db
    .selectFrom('online_sessions')
    .select(['uuid', 'display_name', 'lesson_version_id', 'drawn'])
    .where('assignment_id', '=', id)
    .$call(inClassListOrder)
    .execute();
  const versionIds = [...new Set(sessions.map((s) => Number(s.lesson_version_id)))];
  const handMarked = (await Promise.all(versionIds.map((v) => versions.get(v)))).some(hasHandMarked);
  const head = (
    [
      'csvName',
      'csvQuestionNumber',
      'csvQuestionText',
      'csvAnswer',
      'csvCorrect',
      'csvPoints',
      'csvMaxScore',
      'csvAnsweredAt',
      'csvLateBy',
      ...(handMarked ? (['csvMarkComment'] as const) : []),
    ] as const
  ).map((key) => csvCell(message(key, locale)));
  yield `\uFEFF${head.join(',')}\r\n`;
  const awaiting = message('csvAwaitingMark', locale);
  const yes = message('csvYes', locale);
  const no = message('csvNo', locale);
  for (let start = 0; start < sessions.length; start += CSV_PAGE) {
    const page = sessions.slice(start, start + CSV_PAGE);
    const rows = await db
      .selectFrom('answers')
      .select(['session_uuid', 'question_id', 'value', 'answered_at', 'late_ms'])
      .where(
        'session_uuid',
        'in',
        page.map((s) => s.uuid),
      )
      .orderBy('answered_at')
      .orderBy('received_at')
      .orderBy('id')
      .execute();
    const latest = latestPerQuestion(rows);
    const lines: string[] = [];
    for (const session of page) {
      // Only the questions the attempt drew from a pool: one it was never asked is no row of its own.
      const version = await versions.ofAttempt(session);
      const own = latest.get(session.uuid);
      let number = 0;
      for (const block of version.blocks) {
        for (const question of block.questions) {
          number += 1;
          const answer = own?.get(question.id);
          const value = answer ? (JSON.parse(answer.value) as AnswerValue) : null;
          const mark = marks.get(session.uuid)?.get(question.id);
          const score = questionScore(question, value, mark);
          // A hand mark is points and a comment, not right or wrong.
          const right = isHandMarked(question) ? null : isCorrect(question, value);
          lines.push(
            [
              csvCell(session.display_name ?? ''),
              csvCell(number),
              csvCell(pick(question.text, locale)),
              csvCell(answerText(question, value, locale)),
              csvCell(value === null || right === null ? null : right ? yes : no),
              csvCell(score === null ? awaiting : roundScore(score)),
              csvCell(question.points),
              csvCell(answer ? new Date(Number(answer.answered_at)).toISOString() : null),
              csvCell(answer?.late_ms == null ? null : Math.round(Number(answer.late_ms) / 1000)),
              ...(handMarked ? [csvCell(mark?.comment ?? null)] : []),
            ].join(','),
          );
        }
      }
    }
    if (lines.length > 0) yield `${lines.join('\r\n')}\r\n`;
  }
}

/** Attempts read per page of the answers CSV. */
const CSV_PAGE = 200;

/** An answer as the tutor reads it: the options' texts (`prompt → answer`, `1. …`), the text, or the number. */
function answerText(question: Question, value: AnswerValue | null, locale: Locale): string | null {
  const present = {
    text: (text: Localized) => pick(text, locale),
    option: (o: Option) => ({ id: o.id, text: pick(o.text, locale) }),
  };
  const shown = (list: readonly Option[] | undefined) => list?.map(present.option);
  return readableAnswer(
    question,
    { options: shown(optionsOf(question)), prompts: shown(promptsOf(question)), ...shownOf(question, present) },
    value,
  );
}
