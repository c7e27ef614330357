import type { Kysely } from 'kysely';
import type { AssignmentResults, QuestionAnalysis, RescoreReport } from '../../../contract/assignments.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { asDrawn, type LessonVersionStore } from '../catalog/lesson-versions.ts';
import { marksOf } from '../sessions/hand-marks.ts';
import { inLockOrder } from '../sessions/lock-order.ts';
import type { OnlineSessions } from '../sessions/online-sessions.ts';
import { removeAttempts } from '../sessions/remove-attempts.ts';
import type { ScoreChange, ScoreEvents } from '../sessions/score-events.ts';
import { hasHandMarked, roundScore, scoreOf } from '../sessions/scoring.ts';
import type { SessionSignals } from '../sessions/session-signals.ts';
import { analysisCsv } from './analysis-csv.ts';
import { answersCsv } from './answers-csv.ts';
import { currentVersionId, logChange, requireOwned } from './assignment-rows.ts';
import { attemptRow, RESULT_COLUMNS } from './attempt-rows.ts';
import { inClassListOrder } from './class-list-order.ts';
import { gradeDeliveries } from './grade-deliveries.ts';
import { questionAnalysis } from './question-analysis.ts';
import { resultsCsv } from './results-csv.ts';

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
    return questionAnalysis(this.db, this.versions, id, locale);
  }

  /** The analysis as CSV (analysis-csv.ts). */
  async analysisCsv(ownerId: string, id: string, locale: Locale): Promise<string> {
    return analysisCsv(await this.analysis(ownerId, id, locale), locale);
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

  /**
   * One finished attempt removed for good on its taker's request, with all kept of it
   * (remove-attempts.ts); the log keeps that an attempt was removed and when, not whose.
   */
  async removeAttempt(owner: UsersTable, id: string, sessionUuid: string): Promise<void> {
    await requireOwned(this.db, owner.id, id);
    await this.db.transaction().execute(async (trx) => {
      const now = this.sessions.now();
      // The attempt's row first, by a write that holds only for a finished attempt still there: of
      // removals sent at once the others wait for it (PostgreSQL's row lock), then find it gone.
      const taken = await trx
        .updateTable('online_sessions')
        .set({ changed_at: now })
        .where('uuid', '=', sessionUuid)
        .where('assignment_id', '=', id)
        .where('status', '=', 'finished')
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) {
        const session = await trx
          .selectFrom('online_sessions')
          .select('uuid')
          .where('uuid', '=', sessionUuid)
          .where('assignment_id', '=', id)
          .executeTakeFirst();
        throw session
          ? new HttpError(409, phrase('removeFinishedOnly'))
          : new HttpError(404, phrase('attemptNotInAssignment'));
      }
      await removeAttempts(trx, [sessionUuid]);
      await logChange(trx, {
        assignment_id: id,
        kind: 'removal',
        session_uuid: null,
        detail: {},
        by_user: owner.id,
        at: now,
      });
    });
  }

  /** Every answer of every attempt as CSV (answers-csv.ts). */
  answersCsv(ownerId: string, id: string, locale: Locale): AsyncGenerator<string> {
    return answersCsv(this.db, this.versions, ownerId, id, locale);
  }
}
