/** A new session's row: its token, its deadline as the server sets it, and what it keeps of an assignment. */
import { randomUUID } from 'node:crypto';
import type { Locale } from '../../../contract/index.ts';
import type { OnlineSessionsTable } from '../../db/schema.ts';
import { hashToken, newToken } from '../accounts/tokens.ts';
import { asDrawn, type LessonVersion } from '../catalog/lesson-versions.ts';
import { accommodatedDeadline } from './accommodated-time.ts';
import { drawQuestions } from './pool-draw.ts';
import type { AssignedStart } from './session-types.ts';

export interface SessionStart {
  lessonId: number;
  versionId: number;
  durationSeconds: number;
  role: 'student' | 'tutor';
  locale: Locale;
  userId: string | null;
  preview: boolean;
  assignment?: AssignedStart['assignment'];
}

/**
 * The row of a session starting `now`, and its api_token (kept only as its hash). The deadline is
 * the server's: now plus the duration; for an assignment's taker by accommodated-time.ts (from the
 * signal when the time counts from it, with the taker's accommodation, never past the closing).
 */
export function newSessionRow(
  start: SessionStart,
  version: LessonVersion,
  now: number,
): { row: OnlineSessionsTable; token: string } {
  const token = newToken();
  const uuid = randomUUID();
  const draw = drawQuestions(version.blocks, uuid);
  const drawn = draw === null ? null : JSON.stringify(draw);
  const row: OnlineSessionsTable = {
    uuid,
    lesson_id: start.lessonId,
    lesson_version_id: version.id,
    token_hash: hashToken(token),
    role: start.role,
    locale: start.locale,
    status: 'running',
    started_at: now,
    deadline: now + start.durationSeconds * 1000,
    finished_at: null,
    finish_reason: null,
    score: null,
    max_score: asDrawn(version, drawn).maxScore,
    user_id: start.userId,
    preview: start.preview ? 1 : 0,
    assignment_id: start.assignment?.id ?? null,
    display_name: start.assignment?.displayName ?? null,
    shuffle_questions: start.assignment?.shuffleQuestions ? 1 : 0,
    shuffle_options: start.assignment?.shuffleOptions ? 1 : 0,
    last_contact_at: null,
    unsent_answers: null,
    changed_at: now,
    answered_questions: start.assignment ? 0 : null,
    last_answer_at: null,
    drawn,
    collect_signals: start.assignment?.collectSignals ? 1 : 0,
    signal_count: 0,
    awaiting_marks: 0,
    accommodation: null,
    counts_from: null,
    base_ms: null,
    read_aloud: 1,
  };
  const assignment = start.assignment;
  if (assignment) {
    const timing = {
      countsFrom: assignment.countsFrom ?? now,
      baseMs: start.durationSeconds * 1000,
      endsBy: assignment.endsBy,
    };
    row.deadline = accommodatedDeadline(timing, assignment.accommodation);
    row.counts_from = timing.countsFrom;
    row.base_ms = timing.baseMs;
    row.accommodation = assignment.accommodation ? JSON.stringify(assignment.accommodation) : null;
    row.read_aloud = assignment.readAloud ? 1 : 0;
  }
  return { row, token };
}
