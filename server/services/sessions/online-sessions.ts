import type { Kysely } from 'kysely';
import type { FinishReason, GivenAnswer, Locale, OnlineSession, Results, TakerBlock } from '../../../contract/index.ts';
import type { Database, OnlineSessionsTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { RememberedTokens } from '../accounts/tokens.ts';
import type { LessonVersionStore } from '../catalog/lesson-versions.ts';
import { AnswerGroupCommit } from './answer-group-commit.ts';
import { type AnswerInput, AnswerIntake } from './answer-intake.ts';
import { AttemptStarts } from './attempt-starts.ts';
import { closesAt } from './deadline-policy.ts';
import type { FinishedAttempt } from './finish-answers.ts';
import { FinishWriter, latestAnswersOf } from './finish-writer.ts';
import { marksOf } from './hand-marks.ts';
import { resultsAtLevel, reviewOf } from './review-levels.ts';
import { hasHandMarked } from './scoring.ts';
import { SealedPayloads } from './sealed-payloads.ts';
import { finishedSessionsOf, linkSession } from './session-links.ts';
import { FinishedSessions, LessonHeadings, RecentSessions } from './session-memory.ts';
import {
  attemptOrderOf,
  presentResults,
  presentSession,
  presentTakerBlock,
  type StoredAnswer,
} from './session-presenter.ts';
import { expiredRunningSessions, runningSessionCount } from './session-reads.ts';
import type { SessionOptions } from './session-types.ts';

type SessionRow = OnlineSessionsTable;

export class OnlineSessions {
  /** The versions' sealed payloads, whose key a running session's state hands out. */
  readonly payloads: SealedPayloads;
  /** The three ways an attempt starts. */
  readonly starts: AttemptStarts;
  /** The finish's one write: a class finishing at its deadline is a few commits. */
  private readonly finishes: FinishWriter;
  /** The answer path's one writer: its queue is what waits for a commit. */
  readonly writer: AnswerGroupCommit;
  private readonly intake: AnswerIntake;
  private readonly recent = new RecentSessions();
  private readonly finished = new FinishedSessions();
  /** The api_tokens that opened the sessions in memory, so that each answer does not hash its token again. */
  private readonly tokens = new RememberedTokens<SessionRow>();
  /** Each lesson's slug and titles, kept briefly (a receipt names its lesson's slug too). */
  readonly headings: LessonHeadings;
  /** Told of the attempts each finish commit closed (onFinished). */
  private readonly finishedListeners: ((attempts: FinishedAttempt[]) => void)[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly versions: LessonVersionStore,
    private readonly options: SessionOptions,
  ) {
    this.payloads = new SealedPayloads(db, versions);
    const closed = (row: SessionRow, scored?: StoredAnswer[]) => {
      this.recent.remember(row);
      if (scored) this.finished.remember(row, scored);
    };
    this.finishes = new FinishWriter(db, versions, {
      rowLocks: options.rowLocks,
      now: options.now,
      closed,
      finished: (attempts) => {
        for (const listener of this.finishedListeners) listener(attempts);
      },
      ...(options.scoreEvents ? { scoreEvents: options.scoreEvents } : {}),
    });
    this.headings = new LessonHeadings(db, options.now);
    this.starts = new AttemptStarts(db, versions, options, {
      recent: this.recent,
      headings: this.headings,
      describe: (row, locale) => this.describe(row, [], locale),
    });
    this.writer = new AnswerGroupCommit(db, options.rowLocks, options.events);
    this.intake = new AnswerIntake(db, versions, options, this.writer, this.recent, options.events);
  }

  now(): number {
    return this.options.now();
  }

  /**
   * `listener` is told, after each finish commit, of the attempts it closed with every answer they
   * stored (the receipts sign them from that, off the finish's request). It must not throw.
   */
  onFinished(listener: (attempts: FinishedAttempt[]) => void): void {
    this.finishedListeners.push(listener);
  }

  private closesAt(session: Pick<SessionRow, 'deadline'>): number {
    return closesAt(session, this.options);
  }

  /**
   * Loads a session the caller proved to own; closes it first when its time ran out long ago.
   * `cached` may answer from memory: for answers, whose insert checks the status itself, and the
   * finish, which reads the row again before it writes.
   */
  async authorize(uuid: string, token: string | undefined, cached = false): Promise<SessionRow> {
    if (!token) throw new HttpError(401, phrase('sessionTokenRequired'));
    // A session this process finished is as it was committed: nothing changes it any more.
    let row = this.finished.row(uuid) ?? (cached ? this.recent.get(uuid) : undefined);
    if (!row) {
      row = await this.db.selectFrom('online_sessions').selectAll().where('uuid', '=', uuid).executeTakeFirst();
      if (row) this.recent.remember(row);
    }
    if (!row || !this.tokens.matches(token, row)) {
      throw new HttpError(401, phrase('sessionUnauthorized'));
    }
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
  finishedOf(userId: string): Promise<SessionRow[]> {
    return finishedSessionsOf(this.db, userId);
  }

  /** Puts an anonymous session into an account, proven by its api_token (session-links.ts). */
  async link(uuid: string, token: string, userId: string): Promise<SessionRow> {
    const linked = await linkSession(this.db, uuid, token, userId);
    this.recent.forget(uuid);
    return linked;
  }

  async state(session: SessionRow, locale: Locale): Promise<OnlineSession> {
    const given = (await this.latestAnswers(session.uuid)).map(({ late_ms: _late, ...answer }) => answer);
    return this.describe(session, given, locale);
  }

  private async describe(session: SessionRow, answers: GivenAnswer[], locale: Locale): Promise<OnlineSession> {
    const version = await this.versions.ofAttempt(session);
    const lesson = await this.headings.get(session.lesson_id);
    const described = presentSession(session, version, lesson, answers, locale, this.options.now());
    if (session.status !== 'running') return described;
    return { ...described, sealed: await this.payloads.keyFor(session) };
  }

  async block(session: SessionRow, blockId: string, locale: Locale): Promise<TakerBlock> {
    const version = await this.versions.ofAttempt(session);
    const block = version.blockById.get(blockId);
    if (!block) throw new HttpError(404, phrase('noSuchBlock'));
    return presentTakerBlock(block, locale, attemptOrderOf(session));
  }

  /** Sessions whose deadline changed elsewhere (extra time, an assignment closed early): read afresh. */
  forget(uuids: readonly string[]): void {
    for (const uuid of uuids) this.recent.forget(uuid);
  }

  /**
   * The device's heartbeat: it is here, and holds `unsent` answers not yet sent. Answers with the
   * deadline as it stands now, which a tutor's extra time may have moved.
   */
  async heartbeat(session: SessionRow, unsent: number): Promise<number> {
    const now = this.options.now();
    const row = await this.db
      .updateTable('online_sessions')
      .set({ last_contact_at: now, unsent_answers: unsent, changed_at: now })
      .where('uuid', '=', session.uuid)
      .returning('deadline')
      .executeTakeFirst();
    const deadline = Number(row?.deadline ?? session.deadline);
    // Extra time given meanwhile: the sessions kept in memory learn it here too.
    if (deadline !== Number(session.deadline)) this.recent.remember({ ...session, deadline });
    return deadline;
  }

  /** Stores an answer. Returns whether it was a repeat of one already stored. */
  answer(session: SessionRow, input: AnswerInput): Promise<{ duplicate: boolean }> {
    return this.intake.take(session, input);
  }

  /** Idempotent: finishing a finished session answers as the first finish did. */
  async finish(session: SessionRow, reason: 'manual' | 'timeout'): Promise<SessionRow> {
    if (session.status === 'finished') return session;
    return this.close(session, reason);
  }

  /**
   * Marks the session finished and fixes its score from the answers that arrived before, committed
   * with the other finishes of the moment (FinishWriter). On PostgreSQL the session's row is locked
   * first: that waits for answers being inserted (they hold a key-share lock on it) and holds back
   * the ones that come after, which then find it finished. So every answer stored counts in the
   * score, and none is stored after it. `session` may be stale (from another process's finish,
   * say): the row read under the lock decides.
   */
  private close(session: SessionRow, reason: FinishReason): Promise<SessionRow> {
    return this.finishes.close(session, reason);
  }

  /** The answer that counts for each question: the one answered last (then received last). */
  latestAnswers(uuid: string, db: Kysely<Database> = this.db): Promise<StoredAnswer[]> {
    return latestAnswersOf(db, uuid);
  }

  /**
   * A finished session's results. An assigned attempt's taker sees them as its assignment's rules
   * say: once released (at once, or when it closes: a 403 before), and only the score, also their
   * own answers, or everything. Its tutor (`viewer` 'tutor') always sees everything.
   */
  async results(session: SessionRow, locale: Locale, viewer: 'taker' | 'tutor' = 'taker'): Promise<Results> {
    if (session.status !== 'finished' || session.finished_at === null || session.score === null) {
      throw new HttpError(409, phrase('resultsNotReady'));
    }
    const { review, code } = await reviewOf(this.db, session, viewer, this.options.now());
    const full = await this.fullResults({ ...session, finished_at: session.finished_at, score: session.score }, locale);
    if (code !== null) full.assignment_code = code;
    const shown = resultsAtLevel(full, review);
    // Signals are about the taker, not the key: shown whatever the review level.
    if (session.collect_signals === 1 && this.options.signals)
      shown.signals = await this.options.signals.timeline(session.uuid);
    return shown;
  }

  private async fullResults(session: SessionRow & { finished_at: number; score: number }, locale: Locale) {
    const version = await this.versions.ofAttempt(session);
    const answers = this.finished.answers(session.uuid) ?? (await this.latestAnswers(session.uuid));
    const lesson = await this.headings.get(session.lesson_id);
    // Marks exist only for an assignment's attempt at a version with a hand-marked question.
    const marks =
      session.assignment_id !== null && hasHandMarked(version) ? await marksOf(this.db, session.uuid) : undefined;
    return presentResults(session, version, lesson, answers, locale, marks);
  }

  /** How many sessions are running (an index range: status, deadline). */
  runningCount(): Promise<number> {
    return runningSessionCount(this.db);
  }

  /** Closes every running session whose deadline plus grace has passed. Returns how many. */
  async sweep(): Promise<number> {
    const expired = await expiredRunningSessions(this.db, this.options.now() - this.options.offlineGraceMs);
    await Promise.all(expired.map((row) => this.close(row, 'expired')));
    return expired.length;
  }
}
