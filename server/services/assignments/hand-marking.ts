/**
 * Marking by hand: the tutor's sheet of the written answers (essays) of an assignment's finished
 * attempts, and giving or changing one mark. A mark changes the attempt's score and how many of its
 * answers await a mark, in the transaction that stores it (scored again from its answers and all its
 * marks, the one scoring), and is written to the change log with what it replaced.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MarkingSheet, MarkReceipt, MarkRequest } from '../../../contract/hand-marking.ts';
import type { Option } from '../../../contract/lesson-parts.ts';
import type { Locale } from '../../../contract/locale.ts';
import { isWritten, wordCount } from '../../../contract/question-types/essay.ts';
import { isHandMarked, shownOf } from '../../../contract/question-types/registry.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import type { LessonVersionStore } from '../catalog/lesson-versions.ts';
import { type Localized, pick } from '../catalog/localize.ts';
import { latestAnswersOf } from '../sessions/finish-writer.ts';
import { assignmentMarks, marksOf } from '../sessions/hand-marks.ts';
import type { ScoreEvents } from '../sessions/score-events.ts';
import { roundScore, scoreOf } from '../sessions/scoring.ts';
import { logChange, requireOwned } from './assignment-rows.ts';
import { finishedAnswers } from './latest-answers.ts';

export class HandMarking {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly versions: LessonVersionStore,
    private readonly options: { now: () => number; rowLocks: boolean; scoreEvents?: ScoreEvents },
  ) {}

  async sheet(ownerId: string, id: string, locale: Locale, anonymous: boolean): Promise<MarkingSheet> {
    await requireOwned(this.db, ownerId, id);
    const sessions = await this.db
      .selectFrom('online_sessions')
      .select(['uuid', 'display_name', 'lesson_version_id', 'drawn'])
      .where('assignment_id', '=', id)
      .where('status', '=', 'finished')
      .execute();
    if (sessions.length === 0) return { questions: [], answers: [], anonymous };
    const latest = await finishedAnswers(this.db, id);
    const marks = await assignmentMarks(this.db, id);
    // The sheet's numbers: an order drawn from each attempt's id, so that "taker 3" says nothing of
    // when they started or where they sit in any list (anonymous marking).
    const key = (uuid: string) => createHash('sha256').update(`${id}:${uuid}`).digest('hex');
    const ordered = [...sessions].sort((a, b) => (key(a.uuid) < key(b.uuid) ? -1 : 1));
    const present = {
      text: (text: Localized) => pick(text, locale),
      option: (o: Option) => ({ id: o.id, text: pick(o.text, locale) }),
    };
    const questions = new Map<string, MarkingSheet['questions'][number] & { order: number }>();
    const rows: (MarkingSheet['answers'][number] & { order: number })[] = [];
    for (const [at, session] of ordered.entries()) {
      const version = await this.versions.ofAttempt(session);
      let order = 0;
      for (const question of version.blocks.flatMap((block) => block.questions)) {
        order += 1;
        if (!isHandMarked(question)) continue;
        if (!questions.has(question.id)) {
          questions.set(question.id, {
            id: question.id,
            text: pick(question.text, locale),
            points: question.points,
            order,
            // The word limits as the taker was shown them (the type's own `shown`).
            ...shownOf(question, present),
          });
        }
        const text = latest.get(session.uuid)?.get(question.id);
        if (!isWritten(text)) continue;
        const mark = marks.get(session.uuid)?.get(question.id) ?? null;
        rows.push({
          session: session.uuid,
          question: question.id,
          name: anonymous && !mark ? null : (session.display_name ?? ''),
          taker: at + 1,
          text,
          words: wordCount(text),
          mark,
          order,
        });
      }
    }
    return {
      questions: [...questions.values()].sort((a, b) => a.order - b.order).map(({ order: _o, ...q }) => q),
      answers: rows.sort((a, b) => a.taker - b.taker || a.order - b.order).map(({ order: _o, ...row }) => row),
      anonymous,
    };
  }

  async mark(
    owner: UsersTable,
    id: string,
    sessionUuid: string,
    questionId: string,
    request: MarkRequest,
  ): Promise<MarkReceipt> {
    await requireOwned(this.db, owner.id, id);
    const session = await this.db
      .selectFrom('online_sessions')
      .select(['uuid', 'status', 'lesson_version_id', 'drawn', 'user_id', 'max_score'])
      .where('uuid', '=', sessionUuid)
      .where('assignment_id', '=', id)
      .executeTakeFirst();
    if (!session) throw new HttpError(404, phrase('attemptNotInAssignment'));
    if (session.status !== 'finished') throw new HttpError(409, phrase('attemptStillRunning'));
    const version = await this.versions.ofAttempt(session);
    const question = version.questionById.get(questionId);
    if (!question || !isHandMarked(question)) throw new HttpError(404, phrase('noWrittenAnswer'));
    if (request.points > question.points) {
      const said = phrase('markAbovePoints', { points: question.points });
      throw new HttpError(400, said, { points: [said] });
    }
    const comment = request.comment?.trim() ? request.comment.trim() : null;
    const now = this.options.now();
    return this.db.transaction().execute(async (trx) => {
      // One mark at a time per attempt: its score is summed from all its marks (PostgreSQL locks the row).
      if (this.options.rowLocks)
        await trx.selectFrom('online_sessions').select('uuid').where('uuid', '=', sessionUuid).forUpdate().execute();
      const answers = await latestAnswersOf(trx, sessionUuid);
      if (!isWritten(answers.find((a) => a.question_id === questionId)?.value))
        throw new HttpError(404, phrase('noWrittenAnswer'));
      const marks = await marksOf(trx, sessionUuid);
      const before = marks.get(questionId) ?? null;
      const points = roundScore(request.points);
      const row = { points, comment, marked_by: owner.id, marked_at: now };
      if (before) {
        await trx
          .updateTable('hand_marks')
          .set(row)
          .where('session_uuid', '=', sessionUuid)
          .where('question_id', '=', questionId)
          .execute();
      } else
        await trx
          .insertInto('hand_marks')
          .values({ session_uuid: sessionUuid, question_id: questionId, ...row })
          .execute();
      marks.set(questionId, { points, comment });
      const scored = scoreOf(version, answers, marks);
      const score = roundScore(scored.score);
      await trx
        .updateTable('online_sessions')
        .set({ score, awaiting_marks: scored.awaiting, changed_at: now })
        .where('uuid', '=', sessionUuid)
        .execute();
      const change = {
        uuid: sessionUuid,
        assignment_id: id,
        user_id: session.user_id,
        score,
        max_score: Number(session.max_score),
        awaiting_marks: scored.awaiting,
      };
      await this.options.scoreEvents?.(trx, [change], 'mark', now);
      await logChange(trx, {
        assignment_id: id,
        kind: 'mark',
        session_uuid: sessionUuid,
        detail: { question: questionId, before, after: { points, comment }, score, awaiting_marks: scored.awaiting },
        by_user: owner.id,
        at: now,
      });
      return {
        session: sessionUuid,
        question: questionId,
        mark: { points, comment, marked_at: now },
        score,
        awaiting_marks: scored.awaiting,
      };
    });
  }
}
