import type { Kysely } from 'kysely';
import type { AssignmentResults, QuestionAnalysis, RescoreReport } from '../../../contract/assignments.ts';
import type { Question } from '../../../contract/content.ts';
import type { Option } from '../../../contract/lesson-parts.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { AnswerValue } from '../../../contract/online.ts';
import {
  isHandMarked,
  optionsOf,
  partCreditsOf,
  partsOf,
  pickedOf,
  questionScore,
  unitOf,
} from '../../../contract/question-types/registry.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { asDrawn, type LessonVersionStore } from '../catalog/lesson-versions.ts';
import { pick } from '../catalog/localize.ts';
import { assignmentMarks, marksOf } from '../sessions/hand-marks.ts';
import { inLockOrder } from '../sessions/lock-order.ts';
import type { OnlineSessions } from '../sessions/online-sessions.ts';
import type { ScoreChange, ScoreEvents } from '../sessions/score-events.ts';
import { hasHandMarked, roundScore, scoreOf } from '../sessions/scoring.ts';
import type { SessionSignals } from '../sessions/session-signals.ts';
import { answersCsv } from './answers-csv.ts';
import { currentVersionId, logChange, requireOwned } from './assignment-rows.ts';
import { attemptRow, RESULT_COLUMNS } from './attempt-rows.ts';
import { inClassListOrder } from './class-list-order.ts';
import { gradeDeliveries } from './grade-deliveries.ts';
import { finishedAnswers } from './latest-answers.ts';
import { resultsCsv } from './results-csv.ts';
import { type AnalysedAttempt, type AnalysedQuestion, questionStatistics } from './statistics.ts';

/** The option ids of a question whose answers pick options, for the analysis of which were picked. */
function optionIds(question: Question): Pick<AnalysedQuestion, 'options' | 'picked' | 'parts'> {
  const options = optionsOf(question);
  const parts = partsOf(question);
  return {
    ...(options && unitOf(question).picked
      ? { options: options.map((o) => o.id), picked: (value) => pickedOf(question, value) }
      : {}),
    ...(parts
      ? { parts: { ids: parts.map((p) => p.id), credits: (value) => partCreditsOf(question, value) ?? {} } }
      : {}),
  };
}

export class AssignmentResultsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly versions: LessonVersionStore,
    private readonly sessions: OnlineSessions,
    private readonly signals: SessionSignals,
    /** Told of each attempt a re-score changed, inside the re-score (a platform's gradebook). */
    private readonly scoreEvents?: ScoreEvents,
  ) {}

  async table(ownerId: string, id: string): Promise<AssignmentResults> {
    await requireOwned(this.db, ownerId, id);
    const rows = await this.db
      .selectFrom('online_sessions')
      .leftJoin('answers', (join) =>
        join.onRef('answers.session_uuid', '=', 'online_sessions.uuid').on('answers.late_ms', 'is not', null),
      )
      .select((eb) => [
        ...RESULT_COLUMNS,
        eb.fn.count<number>('answers.id').as('late_answers'),
        eb.fn.max<number | null>('answers.late_ms').as('most_late_ms'),
      ])
      .where('online_sessions.assignment_id', '=', id)
      .groupBy(RESULT_COLUMNS)
      .$call(inClassListOrder)
      .execute();
    const grades = await gradeDeliveries(this.db, id);
    return {
      attempts: rows.map((row) => attemptRow(row, grades)),
    };
  }

  async analysis(ownerId: string, id: string, locale: Locale): Promise<QuestionAnalysis> {
    await requireOwned(this.db, ownerId, id);
    const sessions = await this.db
      .selectFrom('online_sessions')
      .select(['uuid', 'lesson_version_id', 'drawn'])
      .where('assignment_id', '=', id)
      .where('status', '=', 'finished')
      // One order every time, whatever order the rows lie in: the same attempts give the same figures.
      .orderBy('uuid')
      .execute();
    if (sessions.length === 0) return { attempts: 0, questions: [] };
    // Every answer of the finished attempts in one read; the newest per question counts, as in scoring.
    const given = await finishedAnswers(this.db, id);
    const newest = Math.max(...sessions.map((s) => s.lesson_version_id));
    const latest = await this.versions.get(newest);
    const questions = latest.blocks.flatMap((block) => block.questions);
    const attempts: AnalysedAttempt[] = [];
    const marks = hasHandMarked(latest) ? await assignmentMarks(this.db, id) : new Map();
    const pending = new Map<string, number>();
    for (const session of sessions) {
      // Each question counts only the attempts that were asked it (drawn from its pool, and in their version).
      const version = await this.versions.ofAttempt(session);
      const own = given.get(session.uuid) ?? new Map<string, AnswerValue>();
      const scores = new Map<string, number>();
      for (const question of questions) {
        const asked = version.questionById.get(question.id);
        if (!asked) continue;
        const score = questionScore(asked, own.get(question.id) ?? null, marks.get(session.uuid)?.get(question.id));
        // A written answer awaiting its mark has no score yet: left out of the question's figures.
        if (score === null) pending.set(question.id, (pending.get(question.id) ?? 0) + 1);
        else scores.set(question.id, score);
      }
      attempts.push({ scores, given: own });
    }
    const byId = new Map(questions.map((q) => [q.id, q]));
    const stats = questionStatistics(
      questions.map((q) => ({
        id: q.id,
        points: q.points,
        ...optionIds(q),
      })),
      attempts,
    );
    return {
      attempts: attempts.length,
      questions: stats.map((stat) => {
        const q = byId.get(stat.id);
        const textsOf = (list: readonly Option[] | undefined) =>
          new Map(list?.map((o) => [o.id, pick(o.text, locale)] as const) ?? []);
        const optionText = textsOf(q && optionsOf(q));
        const partText = textsOf(q && partsOf(q));
        const { options, parts, ...rest } = stat;
        return {
          ...rest,
          text: q ? pick(q.text, locale) : '',
          type: q?.type ?? 'single',
          points: q?.points ?? 0,
          ...(options ? { options: options.map((o) => ({ ...o, text: optionText.get(o.id) ?? o.id })) } : {}),
          ...(parts ? { parts: parts.map((p) => ({ ...p, text: partText.get(p.id) ?? p.id })) } : {}),
          ...(q && isHandMarked(q) ? { pending: pending.get(q.id) ?? 0 } : {}),
        };
      }),
    };
  }

  /** The results table as CSV (results-csv.ts), with each kind of signal's total where they were collected. */
  async csv(ownerId: string, id: string, locale: Locale): Promise<string> {
    const { attempts } = await this.table(ownerId, id);
    const collected = attempts.some((a) => a.signals !== null);
    const current = await this.versions.get(await currentVersionId(this.db, id));
    const handMarked = attempts.some((a) => a.awaiting_marks > 0) || hasHandMarked(current);
    return resultsCsv(attempts, collected ? await this.signals.counts(id) : null, locale, handMarked);
  }

  /** One attempt of the assignment in full, as its tutor reviews it (whatever the takers are shown). */
  async attempt(ownerId: string, id: string, sessionUuid: string, locale: Locale) {
    await requireOwned(this.db, ownerId, id);
    const session = await this.db
      .selectFrom('online_sessions')
      .selectAll()
      .where('uuid', '=', sessionUuid)
      .where('assignment_id', '=', id)
      .executeTakeFirst();
    if (!session) throw new HttpError(404, phrase('attemptNotInAssignment'));
    return this.sessions.results(session, locale, 'tutor');
  }

  /**
   * Every finished attempt scored again on the lesson's current version (after the tutor corrected
   * the key and published it): the attempt moves to that version, so its review shows the corrected
   * key; each attempt whose score changed is recorded with the old and the new score.
   */
  async rescore(owner: UsersTable, id: string): Promise<RescoreReport> {
    await requireOwned(this.db, owner.id, id);
    const versionId = await currentVersionId(this.db, id);
    const stale = await this.db
      .selectFrom('online_sessions')
      .select(['uuid', 'display_name', 'score', 'lesson_version_id', 'drawn', 'user_id'])
      .where('assignment_id', '=', id)
      .where('status', '=', 'finished')
      .where('lesson_version_id', '!=', versionId)
      .$call(inClassListOrder)
      .execute();
    if (stale.length === 0) throw new HttpError(409, phrase('nothingToRescore'));
    const written = await this.versions.get(versionId);
    const changed: RescoreReport['changed'] = [];
    const now = this.sessions.now();
    const newScores = new Map<string, { score: number; max: number; awaiting: number }>();
    await this.db.transaction().execute(async (trx) => {
      // Written in the one lock order (lock-order.ts); reported in the class list's order.
      for (const session of [...stale].sort((a, b) => inLockOrder(a.uuid, b.uuid))) {
        // The questions it drew then, as the corrected version has them: a draw is never made again.
        const version = asDrawn(written, session.drawn);
        const answers = await this.sessions.latestAnswers(session.uuid, trx);
        // Hand marks stay as given: a key fix changes what a function marks, never what a tutor did.
        const marks = hasHandMarked(version) ? await marksOf(trx, session.uuid) : undefined;
        const scored = scoreOf(version, answers, marks);
        const score = roundScore(scored.score);
        await trx
          .updateTable('online_sessions')
          .set({ score, max_score: version.maxScore, lesson_version_id: versionId, awaiting_marks: scored.awaiting })
          .where('uuid', '=', session.uuid)
          .execute();
        newScores.set(session.uuid, { score, max: version.maxScore, awaiting: scored.awaiting });
      }
      const told: ScoreChange[] = [];
      for (const session of stale) {
        const old = Number(session.score);
        const { score, max, awaiting } = newScores.get(session.uuid) as {
          score: number;
          max: number;
          awaiting: number;
        };
        if (old !== score) {
          told.push({
            uuid: session.uuid,
            assignment_id: id,
            user_id: session.user_id,
            score,
            max_score: max,
            awaiting_marks: awaiting,
          });
          changed.push({
            session: session.uuid,
            name: session.display_name ?? '',
            old_score: old,
            new_score: score,
            max_score: max,
          });
        }
      }
      if (told.length) await this.scoreEvents?.(trx, told, 'rescore', now);
      await logChange(trx, {
        assignment_id: id,
        kind: 'rescore',
        session_uuid: null,
        detail: {
          version: versionId,
          from_versions: [...new Set(stale.map((s) => Number(s.lesson_version_id)))],
          attempts: stale.length,
          changed,
        },
        by_user: owner.id,
        at: now,
      });
    });
    return { version: versionId, attempts: stale.length, changed, at: now };
  }

  /** Every answer of every attempt as CSV (answers-csv.ts). */
  answersCsv(ownerId: string, id: string, locale: Locale): AsyncGenerator<string> {
    return answersCsv(this.db, this.versions, ownerId, id, locale);
  }
}
