import { randomUUID } from 'node:crypto';
import type { OnlineSessionsTable } from '../db/schema.ts';

/** A running session's row as a start writes it, for tests that write sessions themselves. */
export function runningSessionRow(
  lesson: { id: number; current_version_id: number; max_score: number },
  uuid: string = randomUUID(),
): OnlineSessionsTable {
  return {
    uuid,
    lesson_id: lesson.id,
    lesson_version_id: lesson.current_version_id,
    token_hash: `hash-${uuid}`,
    role: 'student',
    locale: 'uk',
    status: 'running',
    started_at: 1_000,
    deadline: 601_000,
    finished_at: null,
    finish_reason: null,
    score: null,
    max_score: lesson.max_score,
    user_id: null,
    preview: 0,
    assignment_id: null,
    display_name: null,
    shuffle_questions: 0,
    shuffle_options: 0,
    last_contact_at: null,
    unsent_answers: null,
    changed_at: 1_000,
    answered_questions: null,
    last_answer_at: null,
    drawn: null,
    collect_signals: 0,
    signal_count: 0,
    awaiting_marks: 0,
    accommodation: null,
    counts_from: null,
    base_ms: null,
    read_aloud: 1,
  };
}
