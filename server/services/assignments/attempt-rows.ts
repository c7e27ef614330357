/** One attempt as the results table shows it, from the columns the table reads of its session. */
import type { AttemptRow, GradeDelivery } from '../../../contract/assignments.ts';
import type { OnlineSessionsTable } from '../../db/schema.ts';

/** What the results table reads of each session (and groups its late answers by). */
export const RESULT_COLUMNS = [
  'online_sessions.uuid',
  'online_sessions.display_name',
  'online_sessions.user_id',
  'online_sessions.status',
  'online_sessions.score',
  'online_sessions.max_score',
  'online_sessions.started_at',
  'online_sessions.finished_at',
  'online_sessions.finish_reason',
  'online_sessions.collect_signals',
  'online_sessions.signal_count',
  'online_sessions.awaiting_marks',
  'online_sessions.accommodation',
] as const;

type Column = (typeof RESULT_COLUMNS)[number] extends `online_sessions.${infer C}` ? C : never;
type ResultRow = Pick<OnlineSessionsTable, Column & keyof OnlineSessionsTable> & {
  late_answers: number | string;
  most_late_ms: number | string | null;
};

export const percentOf = (score: number, max: number) => (max > 0 ? Math.round((score / max) * 1000) / 10 : 0);

export function attemptRow(row: ResultRow, grades: Map<string, GradeDelivery>): AttemptRow {
  const finished = row.status === 'finished' && row.finished_at !== null && row.score !== null;
  const max = Number(row.max_score);
  return {
    session: row.uuid,
    name: row.display_name ?? '',
    signed_in: row.user_id !== null,
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
    signals: Number(row.collect_signals) === 1 ? Number(row.signal_count) : null,
    awaiting_marks: Number(row.awaiting_marks),
    ...(grades.has(row.uuid) ? { grade: grades.get(row.uuid) as GradeDelivery } : {}),
    ...(row.accommodation === null ? {} : { accommodation: JSON.parse(row.accommodation) }),
  };
}
