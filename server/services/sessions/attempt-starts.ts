import type { Kysely } from 'kysely';
import type { Locale, OnlineSession, StartedSession } from '../../../contract/index.ts';
import type { Database, OnlineSessionsTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { KeptBriefly } from '../catalog/kept-briefly.ts';
import type { LessonVersionStore } from '../catalog/lesson-versions.ts';
import { newSessionRow, type SessionStart } from './new-session.ts';
import type { LessonHeadings, RecentSessions } from './session-memory.ts';
import { type PublishedLesson, readPublishedLesson } from './session-reads.ts';
import type { AssignedStart, SessionOptions } from './session-types.ts';
import { SessionWriter } from './session-writer.ts';

/** What a start shares with the rest of the sessions: what it remembers, and how a session is described. */
export interface StartsShare {
  recent: RecentSessions;
  headings: LessonHeadings;
  describe: (row: OnlineSessionsTable, locale: Locale) => Promise<OnlineSession>;
}

/**
 * The three ways an attempt starts (a catalog lesson, a tutor's preview, an assignment's admitted
 * taker), each one row written with the other starts of the moment (SessionWriter), and answered
 * with the session's state and its api_token.
 */
export class AttemptStarts {
  /** The start's one write: starts that arrive together are committed together. */
  private readonly writer: SessionWriter;
  private readonly publishedLessons: KeptBriefly<string, PublishedLesson | undefined>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly versions: LessonVersionStore,
    private readonly options: SessionOptions,
    private readonly share: StartsShare,
  ) {
    this.writer = new SessionWriter(db, options.rowLocks);
    this.publishedLessons = new KeptBriefly(options.now);
  }

  async start(
    lessonKey: string,
    role: 'student' | 'tutor' | undefined,
    locale: Locale,
    userId: string | null = null,
  ): Promise<StartedSession> {
    const lesson = await this.findPublishedLesson(lessonKey);
    this.share.headings.put(lesson);
    return this.open({
      lessonId: lesson.id,
      versionId: lesson.current_version_id,
      durationSeconds: lesson.duration_seconds,
      role: role ?? lesson.audience,
      locale,
      userId,
      preview: false,
    });
  }

  /**
   * A tutor's preview of a version of their own test: a session like any other, taken as a student
   * takes it, belonging to no account and counted nowhere.
   */
  preview(
    lesson: { lessonId: number; versionId: number; durationSeconds: number },
    locale: Locale,
  ): Promise<StartedSession> {
    return this.open({ ...lesson, role: 'student', locale, userId: null, preview: true });
  }

  /**
   * An attempt at an assignment (server/services/assignments admits the taker first): the current
   * version of its lesson, its time limit, ending no later than the assignment closes.
   */
  async assigned(start: AssignedStart, locale: Locale): Promise<StartedSession> {
    const lesson = await this.db
      .selectFrom('lessons')
      .select(['current_version_id'])
      .where('id', '=', start.lessonId)
      .executeTakeFirstOrThrow();
    return this.open({ ...start, versionId: lesson.current_version_id, role: 'student', locale, preview: false });
  }

  private async open(start: SessionStart): Promise<StartedSession> {
    const version = await this.versions.get(start.versionId);
    const { row, token } = newSessionRow(start, version, this.options.now());
    await this.writer.insert(row);
    this.share.recent.remember(row);
    return { ...(await this.share.describe(row, start.locale)), api_token: token };
  }

  /** A catalog lesson by id or slug, as a start reads it: kept briefly, since a class starts together. */
  private async findPublishedLesson(key: string) {
    const lesson = await this.publishedLessons.get(key, () => readPublishedLesson(this.db, key));
    if (!lesson) throw new HttpError(404, phrase('noSuchLesson'));
    return lesson;
  }
}
