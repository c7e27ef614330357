/**
 * The life of an online test session: start, answers, finish and results. The server alone sets the
 * deadline; answers are idempotent by their client-made id; the score is fixed once, at the finish.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  AnswerValue,
  FinishReason,
  GivenAnswer,
  Locale,
  OnlineSession,
  Results,
  StartedSession,
  TakerBlock,
} from '../../contract/index.ts';
import type { Database, OnlineSessionsTable } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import { phrase } from '../i18n/messages.ts';
import { AnswerWriter } from './answer-writer.ts';
import type { LessonVersion, LessonVersionStore } from './lesson-versions.ts';
import { type Localized, pick } from './localize.ts';
import { correctAnswer, isCorrect, roundScore, valueProblem } from './scoring.ts';
import { hashToken, newToken, tokenMatches } from './tokens.ts';

type SessionRow = OnlineSessionsTable;
type LessonHeading = { id: number; slug: string; texts: string };
/** An answer as stored: what the taker gave, and how late it arrived when it came from offline. */
type StoredAnswer = GivenAnswer & { late_ms: number | null };

export interface SessionOptions {
  /** After the deadline, answers still arrive for this long (network delay). */
  answerGraceMs: number;
  /** ...and answers made before the deadline, for this long (an offline device); then the session closes. */
  offlineGraceMs: number;
  now: () => number;
  /**
   * PostgreSQL lets answers and a finish run side by side, so there they lock the session's row
   * (SQLite runs one write at a time and has no row locks).
   */
  rowLocks: boolean;
}

/** Clocks differ a little even after correction; beyond this an answer time is made up. */
const FUTURE_SLACK_MS = 5 * 60 * 1000;

/** Same answer for a session that does not exist and a wrong token: nothing to learn by guessing. */

export interface AnswerInput {
  answer_id: string;
  question_id: string;
  value: AnswerValue;
  answered_at: number;
}

export class OnlineSessions {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly versions: LessonVersionStore,
    private readonly options: SessionOptions,
  ) {
    this.writer = new AnswerWriter(db, options.rowLocks);
  }

  private readonly writer: AnswerWriter;

  /** Running sessions seen lately. Deadline and token never change; the status is re-checked on write. */
  private readonly recent = new Map<string, SessionRow>();
  private static readonly RECENT_LIMIT = 50_000;

  /**
   * Each lesson's slug and title texts, as a session's state and results show them. An exam's
   * takers all read the same few, so they come from memory for HEADING_TTL_MS: a re-import's new
   * title shows that much later, and everything that counts (versions, deadlines) never comes from here.
   */
  private readonly headings = new Map<number, { heading: LessonHeading; readAt: number }>();
  private static readonly HEADING_TTL_MS = 10_000;

  private async heading(lessonId: number): Promise<LessonHeading> {
    const now = this.options.now();
    const kept = this.headings.get(lessonId);
    if (kept && now - kept.readAt < OnlineSessions.HEADING_TTL_MS && now >= kept.readAt) return kept.heading;
    const heading = await this.db
      .selectFrom('lessons')
      .select(['id', 'slug', 'texts'])
      .where('id', '=', lessonId)
      .executeTakeFirstOrThrow();
    // Lessons are never deleted, so the map holds at most one entry per lesson there is.
    this.headings.set(lessonId, { heading, readAt: now });
    return heading;
  }

  private remember(row: SessionRow): void {
    this.recent.delete(row.uuid);
    if (row.status !== 'running') return;
    if (this.recent.size >= OnlineSessions.RECENT_LIMIT) this.recent.delete(this.recent.keys().next().value as string);
    this.recent.set(row.uuid, row);
  }

  now(): number {
    return this.options.now();
  }

  /** When the session closes by itself: nothing can arrive any more. */
  private closesAt(session: Pick<SessionRow, 'deadline'>): number {
    return session.deadline + this.options.offlineGraceMs;
  }

  /** Until then any answer is taken; after it, only answers made before the deadline (offline ones). */
  private answersCloseAt(session: Pick<SessionRow, 'deadline'>): number {
    return session.deadline + this.options.answerGraceMs;
  }

  async start(
    lessonKey: string,
    role: 'student' | 'tutor' | undefined,
    locale: Locale,
    userId: string | null = null,
  ): Promise<StartedSession> {
    const lesson = await this.findPublishedLesson(lessonKey);
    this.headings.set(lesson.id, { heading: lesson, readAt: this.options.now() });
    const version = await this.versions.get(lesson.current_version_id);
    const token = newToken();
    const now = this.options.now();
    const row: SessionRow = {
      uuid: randomUUID(),
      lesson_id: lesson.id,
      lesson_version_id: version.id,
      token_hash: hashToken(token),
      role: role ?? lesson.audience,
      locale,
      status: 'running',
      started_at: now,
      deadline: now + lesson.duration_seconds * 1000,
      finished_at: null,
      finish_reason: null,
      score: null,
      max_score: version.maxScore,
      user_id: userId,
    };
    await this.db.insertInto('online_sessions').values(row).execute();
    this.remember(row);
    return { ...(await this.describe(row, [], locale)), api_token: token };
  }

  private async findPublishedLesson(key: string) {
    const query = this.db
      .selectFrom('lessons')
      .select(['id', 'slug', 'audience', 'duration_seconds', 'current_version_id', 'texts'])
      .where('published', '=', 1);
    const lesson = await (/^[1-9]\d{0,8}$/.test(key)
      ? query.where('id', '=', Number(key))
      : query.where('slug', '=', key)
    ).executeTakeFirst();
    if (!lesson) throw new HttpError(404, phrase('noSuchLesson'));
    return lesson;
  }

  /**
   * Loads a session the caller proved to own; closes it first when its time ran out long ago.
   * `cached` may answer from memory: for answers, whose insert checks the status itself, and the
   * finish, which reads the row again before it writes.
   */
  async authorize(uuid: string, token: string | undefined, cached = false): Promise<SessionRow> {
    if (!token) throw new HttpError(401, phrase('sessionTokenRequired'));
    let row = cached ? this.recent.get(uuid) : undefined;
    if (!row) {
      row = await this.db.selectFrom('online_sessions').selectAll().where('uuid', '=', uuid).executeTakeFirst();
      if (row) this.remember(row);
    }
    if (!row || !tokenMatches(token, row.token_hash)) throw new HttpError(401, phrase('sessionUnauthorized'));
    if (row.status === 'running' && this.options.now() > this.closesAt(row)) {
      return this.close(row, 'expired');
    }
    return row;
  }

  /** A session of this user's; anybody else's reads exactly like one that does not exist. */
  async ownedBy(uuid: string, userId: string): Promise<SessionRow> {
    const row = await this.db
      .selectFrom('online_sessions')
      .selectAll()
      .where('uuid', '=', uuid)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, phrase('noTestInAccount'));
    if (row.status === 'running' && this.options.now() > this.closesAt(row)) return this.close(row, 'expired');
    return row;
  }

  /** The finished sessions of a user, newest first. */
  async finishedOf(userId: string): Promise<SessionRow[]> {
    return this.db
      .selectFrom('online_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'finished')
      .orderBy('finished_at', 'desc')
      .execute();
  }

  /**
   * Puts an anonymous session into an account, proven by its api_token. A session is linked once:
   * to another account it reads as not found, to this one again as a conflict.
   */
  async link(uuid: string, token: string, userId: string): Promise<SessionRow> {
    const row = await this.db.selectFrom('online_sessions').selectAll().where('uuid', '=', uuid).executeTakeFirst();
    if (!row || !tokenMatches(token, row.token_hash) || (row.user_id !== null && row.user_id !== userId)) {
      throw new HttpError(404, phrase('notYoursToLink'));
    }
    if (row.user_id === userId) throw new HttpError(409, phrase('alreadyLinked'));
    const claimed = await this.db
      .updateTable('online_sessions')
      .set({ user_id: userId })
      .where('uuid', '=', uuid)
      .where('user_id', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new HttpError(404, phrase('notYoursToLink'));
    this.recent.delete(uuid);
    return { ...row, user_id: userId };
  }

  async state(session: SessionRow, locale: Locale): Promise<OnlineSession> {
    const answers = await this.latestAnswers(session.uuid);
    return this.describe(
      session,
      answers.map(({ late_ms: _late, ...given }) => given),
      locale,
    );
  }

  private async describe(session: SessionRow, answers: GivenAnswer[], locale: Locale): Promise<OnlineSession> {
    const version = await this.versions.get(session.lesson_version_id);
    const lesson = await this.heading(session.lesson_id);
    const texts = JSON.parse(lesson.texts) as { title: Localized };
    return {
      uuid: session.uuid,
      status: session.status,
      role: session.role,
      lesson: { id: lesson.id, slug: lesson.slug, title: pick(texts.title, locale) },
      started_at: session.started_at,
      deadline: session.deadline,
      duration_seconds: Math.round((session.deadline - session.started_at) / 1000),
      server_now: this.options.now(),
      finished_at: session.finished_at,
      blocks: version.blocks.map((b) => ({
        id: b.id,
        title: pick(b.title, locale),
        question_count: b.questions.length,
      })),
      answered: answers.map((a) => a.question_id),
      answers,
    };
  }

  async block(session: SessionRow, blockId: string, locale: Locale): Promise<TakerBlock> {
    const version = await this.versions.get(session.lesson_version_id);
    const block = version.blockById.get(blockId);
    if (!block) throw new HttpError(404, phrase('noSuchBlock'));
    return {
      id: block.id,
      title: pick(block.title, locale),
      questions: block.questions.map((q) => ({
        id: q.id,
        type: q.type,
        text: pick(q.text, locale),
        points: q.points,
        ...(q.type === 'single' || q.type === 'multiple'
          ? { options: q.options.map((o) => ({ id: o.id, text: pick(o.text, locale) })) }
          : {}),
      })),
    };
  }

  /** Stores an answer. Returns whether it was a repeat of one already stored. */
  async answer(session: SessionRow, input: AnswerInput): Promise<{ duplicate: boolean }> {
    const version = await this.versions.get(session.lesson_version_id);
    const question = version.questionById.get(input.question_id);
    if (!question) throw new HttpError(422, phrase('answerInvalid'), { question_id: [phrase('noSuchQuestion')] });
    const problem = valueProblem(question, input.value);
    if (problem) throw new HttpError(422, phrase('answerInvalid'), { value: [phrase(problem)] });

    const now = this.options.now();
    if (input.answered_at > now + FUTURE_SLACK_MS) {
      throw new HttpError(422, phrase('answerInvalid'), { answered_at: [phrase('answeredInFuture')] });
    }
    const refusal = this.refusal(session, input.answered_at, now);
    if (refusal) {
      // A repeat of an answer stored in time is still a success: its first reply may have been lost.
      const known = await this.findAnswer(session.uuid, input.answer_id);
      if (known) return this.repeat(known, input);
      throw new HttpError(409, phrase(refusal));
    }

    const stored = await this.writer.insert({
      session_uuid: session.uuid,
      id: input.answer_id,
      question_id: input.question_id,
      value: JSON.stringify(input.value),
      answered_at: input.answered_at,
      received_at: now,
      late_ms: now > this.answersCloseAt(session) ? now - session.deadline : null,
    });
    if (stored) return { duplicate: false };

    // Nothing written: the answer_id is known already, or the session was finished meanwhile.
    const known = await this.findAnswer(session.uuid, input.answer_id);
    if (known) return this.repeat(known, input);
    this.recent.delete(session.uuid);
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

  /** Why an answer cannot be taken now, or null when it can. */
  private refusal(session: SessionRow, answeredAt: number, now: number): 'finishedNotSaved' | 'timeUp' | null {
    if (session.status === 'finished' || now > this.closesAt(session)) return 'finishedNotSaved';
    if (now > this.answersCloseAt(session) && answeredAt > session.deadline) return 'timeUp';
    return null;
  }

  /** Idempotent: finishing a finished session answers as the first finish did. */
  async finish(session: SessionRow, reason: 'manual' | 'timeout'): Promise<SessionRow> {
    if (session.status === 'finished') return session;
    return this.close(session, reason);
  }

  /**
   * Marks the session finished and fixes its score from the answers that arrived before. On
   * PostgreSQL the session's row is locked first: that waits for answers being inserted (they hold a
   * key-share lock on it) and holds back the ones that come after, which then find it finished. So
   * every answer stored counts in the score, and none is stored after it. `session` may be stale
   * (from another process's finish, say): the row read under the lock decides.
   */
  private async close(session: SessionRow, reason: FinishReason): Promise<SessionRow> {
    const now = this.options.now();
    const version = await this.versions.get(session.lesson_version_id);
    return this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('online_sessions')
        .selectAll()
        .where('uuid', '=', session.uuid)
        .$if(this.options.rowLocks, (query) => query.forUpdate())
        .executeTakeFirstOrThrow();
      let closed = current;
      if (current.status === 'running') {
        const answers = await this.latestAnswers(session.uuid, trx);
        const score = roundScore(scoreOf(version, answers).score);
        closed = await trx
          .updateTable('online_sessions')
          .set({ status: 'finished', finished_at: now, finish_reason: reason, score })
          .where('uuid', '=', session.uuid)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      this.remember(closed);
      return closed;
    });
  }

  /** The answer that counts for each question: the one answered last (then received last). */
  async latestAnswers(uuid: string, db: Kysely<Database> = this.db): Promise<StoredAnswer[]> {
    const rows = await db
      .selectFrom('answers')
      .select(['question_id', 'value', 'answered_at', 'received_at', 'late_ms'])
      .where('session_uuid', '=', uuid)
      .orderBy('answered_at')
      .orderBy('received_at')
      .orderBy('id')
      .execute();
    const latest = new Map<string, StoredAnswer>();
    for (const row of rows) {
      latest.set(row.question_id, {
        question_id: row.question_id,
        value: JSON.parse(row.value) as AnswerValue,
        answered_at: row.answered_at,
        late_ms: row.late_ms,
      });
    }
    return [...latest.values()];
  }

  async results(session: SessionRow, locale: Locale): Promise<Results> {
    if (session.status !== 'finished' || session.finished_at === null || session.score === null) {
      throw new HttpError(409, phrase('resultsNotReady'));
    }
    const version = await this.versions.get(session.lesson_version_id);
    const answers = await this.latestAnswers(session.uuid);
    const given = new Map(answers.map((a) => [a.question_id, a]));
    const lesson = await this.heading(session.lesson_id);
    const texts = JSON.parse(lesson.texts) as { title: Localized };
    const blocks = version.blocks.map((block) => {
      const questions = block.questions.map((q) => {
        const answer = given.get(q.id);
        const value = answer?.value ?? null;
        const correct = isCorrect(q, value);
        return {
          id: q.id,
          type: q.type,
          text: pick(q.text, locale),
          points: q.points,
          score: correct ? q.points : 0,
          correct,
          answered: value !== null,
          given: value,
          correct_answer: correctAnswer(q, locale),
          ...(q.type === 'single' || q.type === 'multiple'
            ? { options: q.options.map((o) => ({ id: o.id, text: pick(o.text, locale) })) }
            : {}),
          explanation: q.explanation ? pick(q.explanation, locale) : null,
          late_ms: answer?.late_ms ?? null,
        };
      });
      return {
        id: block.id,
        title: pick(block.title, locale),
        score: roundScore(questions.reduce((s, q) => s + q.score, 0)),
        max_score: roundScore(block.questions.reduce((s, q) => s + q.points, 0)),
        questions,
      };
    });
    const maxScore = session.max_score;
    return {
      uuid: session.uuid,
      lesson: { id: lesson.id, slug: lesson.slug, title: pick(texts.title, locale) },
      role: session.role,
      started_at: session.started_at,
      finished_at: session.finished_at,
      finish_reason: session.finish_reason ?? 'manual',
      score: session.score,
      max_score: maxScore,
      percent: maxScore > 0 ? Math.round((session.score / maxScore) * 1000) / 10 : 0,
      blocks,
    };
  }

  /** Closes every running session whose deadline plus grace has passed. Returns how many. */
  async sweep(): Promise<number> {
    const expired = await this.db
      .selectFrom('online_sessions')
      .selectAll()
      .where('status', '=', 'running')
      .where('deadline', '<', this.options.now() - this.options.offlineGraceMs)
      .limit(500)
      .execute();
    for (const row of expired) await this.close(row, 'expired');
    return expired.length;
  }
}

export function scoreOf(version: LessonVersion, answers: GivenAnswer[]): { score: number } {
  let score = 0;
  for (const answer of answers) {
    const question = version.questionById.get(answer.question_id);
    if (question && isCorrect(question, answer.value)) score += question.points;
  }
  return { score };
}
