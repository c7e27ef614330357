/**
 * What an assignment's attempts came to: the results table, the question analysis and the CSV. Each
 * attempt is scored on its own lesson version (a version published mid-way changes nobody's score);
 * the analysis lists the questions of the newest version any attempt ran on.
 */
import type { Kysely } from 'kysely';
import type { AssignmentResults, AttemptRow, QuestionAnalysis } from '../../../contract/assignments.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { AnswerValue } from '../../../contract/online.ts';
import type { Database } from '../../db/schema.ts';
import { message } from '../../i18n/messages.ts';
import type { LessonVersionStore } from '../lesson-versions.ts';
import { pick } from '../localize.ts';
import { isCorrect } from '../scoring.ts';
import type { Assignments } from './assignments.ts';
import { type AnalysedAttempt, questionStatistics } from './statistics.ts';

/** What the results table reads of each session (and groups its late answers by). */
const RESULT_COLUMNS = [
  'online_sessions.uuid',
  'online_sessions.display_name',
  'online_sessions.status',
  'online_sessions.score',
  'online_sessions.max_score',
  'online_sessions.started_at',
  'online_sessions.finished_at',
  'online_sessions.finish_reason',
] as const;

const percentOf = (score: number, max: number) => (max > 0 ? Math.round((score / max) * 1000) / 10 : 0);

/** A CSV cell: quoted when it must be, and never read as a formula by a spreadsheet (names are typed by anyone). */
function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export class AssignmentResultsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly versions: LessonVersionStore,
    private readonly assignments: Assignments,
  ) {}

  async table(ownerId: string, id: string, locale: Locale): Promise<AssignmentResults> {
    await this.assignments.get(ownerId, id, locale);
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
      .orderBy('online_sessions.display_name')
      .orderBy('online_sessions.started_at')
      .orderBy('online_sessions.uuid')
      .execute();
    return {
      attempts: rows.map((row): AttemptRow => {
        const finished = row.status === 'finished' && row.finished_at !== null && row.score !== null;
        const max = Number(row.max_score);
        return {
          session: row.uuid,
          name: row.display_name ?? '',
          status: row.status,
          score: finished ? Number(row.score) : null,
          max_score: max,
          percent: finished ? percentOf(Number(row.score), max) : null,
          started_at: Number(row.started_at),
          finished_at: row.finished_at === null ? null : Number(row.finished_at),
          time_used_seconds:
            row.finished_at === null ? null : Math.round((Number(row.finished_at) - Number(row.started_at)) / 1000),
          finish_reason: row.finish_reason,
          late_answers: Number(row.late_answers),
          most_late_ms: row.most_late_ms === null ? null : Number(row.most_late_ms),
        };
      }),
    };
  }

  async analysis(ownerId: string, id: string, locale: Locale): Promise<QuestionAnalysis> {
    await this.assignments.get(ownerId, id, locale);
    const sessions = await this.db
      .selectFrom('online_sessions')
      .select(['uuid', 'lesson_version_id'])
      .where('assignment_id', '=', id)
      .where('status', '=', 'finished')
      .execute();
    if (sessions.length === 0) return { attempts: 0, questions: [] };
    // Every answer of the finished attempts in one read; the newest per question counts, as in scoring.
    const answers = await this.db
      .selectFrom('answers')
      .innerJoin('online_sessions', 'online_sessions.uuid', 'answers.session_uuid')
      .select(['answers.session_uuid', 'answers.question_id', 'answers.value'])
      .where('online_sessions.assignment_id', '=', id)
      .where('online_sessions.status', '=', 'finished')
      .orderBy('answers.answered_at')
      .orderBy('answers.received_at')
      .orderBy('answers.id')
      .execute();
    const given = new Map<string, Map<string, AnswerValue>>();
    for (const answer of answers) {
      const own = given.get(answer.session_uuid) ?? new Map<string, AnswerValue>();
      own.set(answer.question_id, JSON.parse(answer.value) as AnswerValue);
      given.set(answer.session_uuid, own);
    }
    const newest = Math.max(...sessions.map((s) => s.lesson_version_id));
    const latest = await this.versions.get(newest);
    const questions = latest.blocks.flatMap((block) => block.questions);
    const attempts: AnalysedAttempt[] = [];
    for (const session of sessions) {
      const version = await this.versions.get(session.lesson_version_id);
      const own = given.get(session.uuid) ?? new Map<string, AnswerValue>();
      const scores = new Map<string, number>();
      for (const question of questions) {
        const asked = version.questionById.get(question.id);
        const value = own.get(question.id) ?? null;
        scores.set(question.id, asked && isCorrect(asked, value) ? asked.points : 0);
      }
      attempts.push({ scores, given: own });
    }
    const byId = new Map(questions.map((q) => [q.id, q]));
    const stats = questionStatistics(
      questions.map((q) => ({
        id: q.id,
        type: q.type,
        points: q.points,
        ...(q.type === 'single' || q.type === 'multiple' ? { options: q.options.map((o) => o.id) } : {}),
      })),
      attempts,
    );
    return {
      attempts: attempts.length,
      questions: stats.map((stat) => {
        const q = byId.get(stat.id);
        const optionText = new Map(
          q && (q.type === 'single' || q.type === 'multiple') ? q.options.map((o) => [o.id, pick(o.text, locale)]) : [],
        );
        const { options, ...rest } = stat;
        return {
          ...rest,
          text: q ? pick(q.text, locale) : '',
          type: q?.type ?? 'single',
          points: q?.points ?? 0,
          ...(stat.options ? { options: stat.options.map((o) => ({ ...o, text: optionText.get(o.id) ?? o.id })) } : {}),
        };
      }),
    };
  }

  /** The results table as CSV: UTF-8 with a byte-order mark, so spreadsheets read Cyrillic and Polish. */
  async csv(ownerId: string, id: string, locale: Locale): Promise<string> {
    const { attempts } = await this.table(ownerId, id, locale);
    const head = (
      [
        'csvName',
        'csvScore',
        'csvMaxScore',
        'csvPercent',
        'csvStarted',
        'csvFinished',
        'csvTimeUsed',
        'csvHowEnded',
        'csvLateAnswers',
      ] as const
    ).map((key) => cell(message(key, locale)));
    const ended = (reason: AttemptRow['finish_reason']) =>
      reason === null
        ? message('csvRunning', locale)
        : message(
            reason === 'manual' ? 'csvFinishedByTaker' : reason === 'timeout' ? 'csvTimeUp' : 'csvClosedByServer',
            locale,
          );
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    const lines = [head.join(',')];
    for (const a of attempts) {
      lines.push(
        [
          cell(a.name),
          cell(a.score),
          cell(a.max_score),
          cell(a.percent),
          cell(iso(a.started_at)),
          cell(iso(a.finished_at)),
          cell(a.time_used_seconds),
          cell(ended(a.finish_reason)),
          cell(a.late_answers),
        ].join(','),
      );
    }
    return `\uFEFF${lines.join('\r\n')}\r\n`;
  }
}
