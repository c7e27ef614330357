/** What starting a session takes, and the sessions' settings. */

import type { Accommodation } from '../../../contract/accommodations.ts';
import type { AnswerEvents } from './answer-events.ts';
import type { ScoreEvents } from './score-events.ts';
import type { SessionSignals } from './session-signals.ts';

/** An admitted taker's attempt at an assignment. */
export interface AssignedStart {
  lessonId: number;
  durationSeconds: number;
  userId: string | null;
  assignment: {
    id: string;
    displayName: string;
    shuffleQuestions: boolean;
    shuffleOptions: boolean;
    /** Its integrity signals are kept (the assignment's rule, told to the taker before the start). */
    collectSignals: boolean;
    /** The assignment's closing time: no attempt runs past it. */
    endsBy: number | null;
    /** The time counts from here rather than from the start (the tutor's signal, for the time left). */
    countsFrom: number | null;
    /** The taker's standing accommodation, where the assignment applies them. */
    accommodation: Accommodation | null;
    /** Read-aloud is offered: the assignment's rule, or the accommodation allows it. */
    readAloud: boolean;
  };
}

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
  /** Told of each answer's outcome and each commit (the metrics). */
  events?: AnswerEvents;
  /** An attempt's integrity signals, shown with its results when its assignment collected them. */
  signals?: Pick<SessionSignals, 'timeline'>;
  /** Told of each finished attempt's score in the finish's own transaction (a platform's gradebook). */
  scoreEvents?: ScoreEvents;
}
