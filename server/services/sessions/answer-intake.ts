/**
 * Taking one answer of a running session: it must name a question of the session's lesson version,
 * have the right shape for it and a believable time; the deadline policy (deadline-policy.ts) says
 * whether it still counts. Answers are idempotent by their client-made id: a repeat is a success
 * (its first reply may have been lost), the same id for another question a conflict.
 */
import type { Kysely } from 'kysely';
import type { AnswerValue } from '../../../contract/index.ts';
import type { Database, OnlineSessionsTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import type { LessonVersionStore } from '../catalog/lesson-versions.ts';
import { type AnswerEvents, NO_ANSWER_EVENTS } from './answer-events.ts';
import type { AnswerGroupCommit } from './answer-group-commit.ts';
import { answerRefusal, answersCloseAt, FUTURE_SLACK_MS, type Graces } from './deadline-policy.ts';
import { valueProblem } from './scoring.ts';
import type { RecentSessions } from './session-memory.ts';

export interface AnswerInput {
  answer_id: string;
  question_id: string;
  value: AnswerValue;
  answered_at: number;
}

type SessionRow = OnlineSessionsTable;

export class AnswerIntake {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly versions: LessonVersionStore,
    private readonly options: Graces & { now: () => number },
    private readonly writer: AnswerGroupCommit,
    private readonly recent: RecentSessions,
    private readonly events: AnswerEvents = NO_ANSWER_EVENTS,
  ) {}

  /** Stores an answer. Returns whether it was a repeat of one already stored. */
  async take(session: SessionRow, input: AnswerInput): Promise<{ duplicate: boolean }> {
    try {
      const taken = await this.store(session, input);
      if (taken.duplicate) this.events.answer('duplicate');
      return taken;
    } catch (error) {
      this.events.answer('refused');
      throw error;
    }
  }

  private async store(session: SessionRow, input: AnswerInput): Promise<{ duplicate: boolean }> {
    // A question the attempt did not draw from a pool is, for it, no question at all.
    const version = await this.versions.ofAttempt(session);
    const question = version.questionById.get(input.question_id);
    if (!question) throw new HttpError(422, phrase('answerInvalid'), { question_id: [phrase('noSuchQuestion')] });
    const problem = valueProblem(question, input.value);
    if (problem) throw new HttpError(422, phrase('answerInvalid'), { value: [phrase(problem)] });

    const now = this.options.now();
    if (input.answered_at > now + FUTURE_SLACK_MS) {
      throw new HttpError(422, phrase('answerInvalid'), { answered_at: [phrase('answeredInFuture')] });
    }
    let refusal = answerRefusal(session, input.answered_at, now, this.options);
    if (refusal && session.assignment_id !== null) {
      // A tutor may have moved an assigned attempt's deadline since this row was read (extra time,
      // through this process or another): the database decides before anything is refused.
      const fresh = await this.db
        .selectFrom('online_sessions')
        .selectAll()
        .where('uuid', '=', session.uuid)
        .executeTakeFirst();
      if (fresh && Number(fresh.deadline) !== Number(session.deadline)) {
        session = fresh;
        this.recent.remember(fresh);
        refusal = answerRefusal(session, input.answered_at, now, this.options);
      }
    }
    if (refusal) {
      // A repeat of an answer stored in time is still a success: its first reply may have been lost.
      const known = await this.findAnswer(session.uuid, input.answer_id);
      if (known) return this.repeat(known, input);
      throw new HttpError(409, phrase(refusal));
    }

    const late = now > answersCloseAt(session, this.options);
    const stored = await this.writer.insert(
      {
        session_uuid: session.uuid,
        id: input.answer_id,
        question_id: input.question_id,
        value: JSON.stringify(input.value),
        answered_at: input.answered_at,
        received_at: now,
        late_ms: late ? now - session.deadline : null,
      },
      session.assignment_id !== null,
    );
    if (stored) {
      this.events.answer(late ? 'late' : 'accepted');
      return { duplicate: false };
    }

    // Nothing written: the answer_id is known already, or the session was finished meanwhile.
    const known = await this.findAnswer(session.uuid, input.answer_id);
    if (known) return this.repeat(known, input);
    this.recent.forget(session.uuid);
    throw new HttpError(409, phrase('finishedNotSaved'));
  }

  private findAnswer(sessionUuid: string, id: string) {
    return this.db
      .selectFrom('answers')
      .select(['question_id'])
      .where('session_uuid', '=', sessionUuid)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  private repeat(known: { question_id: string }, input: AnswerInput) {
    if (known.question_id !== input.question_id) {
      throw new HttpError(409, phrase('answerIdReused'), { answer_id: [phrase('answerIdReusedField')] });
    }
    return { duplicate: true };
  }
}
