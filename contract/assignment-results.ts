/** What an assignment's attempts came to: the results table, the question analysis, re-scoring and the change log. */

import { Accommodation } from './accommodations.ts';
import { Uuid } from './online.ts';
import { QUESTION_TYPE_NAMES } from './question-types/registry.ts';
import { array, boolean, enums, type Infer, integer, nullable, number, optional, string, type } from './structs.ts';

/** One attempt in the results table. */
/**
 * Where an attempt's latest score stands at the learning platform its taker came from (LTI grades
 * back): waiting (to be sent, or to be tried again: `reason`), sent, or refused for good (`reason`).
 * `reason` is a code the app words: `unreachable`, `answered:<status>`, `token:<status>`,
 * `tokenRefused`, `noLineItem`, `registrationOff`, `refused:<status>`, `unregistered`.
 */
export const GradeDelivery = type({
  state: enums(['waiting', 'sent', 'failed']),
  reason: nullable(string()),
  at: number(),
});
export type GradeDelivery = Infer<typeof GradeDelivery>;

export const AttemptRow = type({
  session: Uuid,
  name: string(),
  /**
   * Whether the taker was signed in. Attempts under one name from takers who were not cannot be
   * told apart: two people, or one who cleared the browser's data for another try.
   */
  signed_in: boolean(),
  status: enums(['running', 'finished']),
  score: nullable(number()),
  max_score: number(),
  /** 0 to 100, rounded to one decimal; null while running. */
  percent: nullable(number()),
  started_at: number(),
  finished_at: nullable(number()),
  time_used_seconds: nullable(integer()),
  finish_reason: nullable(enums(['manual', 'timeout', 'expired'])),
  /** Answers made before the deadline on a device without a connection that arrived after it. */
  late_answers: integer(),
  /** The latest of them: how late it arrived, ms. */
  most_late_ms: nullable(integer()),
  /** How many integrity signals the attempt keeps; null when its assignment did not collect them. */
  signals: nullable(integer()),
  /** Written answers still waiting for the tutor's mark: while above 0 the score is not final. */
  awaiting_marks: integer(),
  /** Its score at the learning platform's gradebook; absent when the taker came from none. */
  grade: optional(GradeDelivery),
  /** The standing accommodation the attempt ran under (contract/accommodations.ts); absent for none. */
  accommodation: optional(Accommodation),
});
export type AttemptRow = Infer<typeof AttemptRow>;

export const AssignmentResults = type({ attempts: array(AttemptRow) });
export type AssignmentResults = Infer<typeof AssignmentResults>;

/** One question's statistics over the finished attempts (Moodle's definitions). */
export const QuestionAnalysisRow = type({
  id: string(),
  text: string(),
  type: enums(QUESTION_TYPE_NAMES),
  points: number(),
  attempts: integer(),
  answered: integer(),
  mean_score: number(),
  facility: nullable(number()),
  discrimination: nullable(number()),
  /**
   * Choice questions: each option, how many attempts picked it, and the share of the upper and of
   * the lower 27 % who picked it (the distractor analysis; null when the groups are not apart).
   */
  options: optional(
    array(
      type({ id: string(), text: string(), picked: integer(), upper: nullable(number()), lower: nullable(number()) }),
    ),
  ),
  /** A question marked part by part (a matching's pairs, by prompt): each part's facility. */
  parts: optional(array(type({ id: string(), text: string(), facility: nullable(number()) }))),
  /**
   * A question marked by hand (an essay): how many written answers still await their mark. They are
   * left out of the figures (and their attempts out of its `attempts`) until marked.
   */
  pending: optional(integer()),
  /** Discrimination below 0 (the weak did better) or from 0 to below 0.1 (tells nobody apart). */
  flag: optional(enums(['negative', 'near_zero'])),
});
export type QuestionAnalysisRow = Infer<typeof QuestionAnalysisRow>;

/**
 * The test's own figures (Moodle's definitions, docs/statistics.md) over the finished attempts scored
 * at every position (`attempts`; one with an essay awaiting its mark waits): totals in points out of
 * `max_score`, the sample's standard deviation, Cronbach's alpha, KR-20 (right-or-wrong tests only),
 * the standard error of measurement, and each counted attempt's percent for the distribution.
 */
export const TestSummary = type({
  attempts: integer(),
  positions: integer(),
  max_score: number(),
  mean: nullable(number()),
  median: nullable(number()),
  sd: nullable(number()),
  alpha: nullable(number()),
  kr20: nullable(number()),
  sem: nullable(number()),
  percents: array(number()),
});
export type TestSummary = Infer<typeof TestSummary>;

export const QuestionAnalysis = type({
  attempts: integer(),
  test: TestSummary,
  questions: array(QuestionAnalysisRow),
});
export type QuestionAnalysis = Infer<typeof QuestionAnalysis>;

/**
 * Re-scoring after the tutor corrected the answer key (published a new version of the test): every
 * finished attempt scored again on it, each change recorded with the old and the new score.
 */
export const RescoreReport = type({
  version: integer(),
  attempts: integer(),
  changed: array(
    type({ session: Uuid, name: string(), old_score: number(), new_score: number(), max_score: number() }),
  ),
  at: number(),
});
export type RescoreReport = Infer<typeof RescoreReport>;

/**
 * What the tutor changed after takers started: extra time, re-scorings, hand marks (points and
 * comment before and after), a standing accommodation changed mid-test (before, after, deadlines),
 * an attempt removed on its taker's request (no name: the person asked to be forgotten).
 */
export const AssignmentChange = type({
  kind: enums(['extra_time', 'rescore', 'mark', 'accommodation', 'removal', 'pause']),
  at: number(),
  session: nullable(string()),
  name: nullable(string()),
  detail: string(),
});
export const AssignmentChanges = array(AssignmentChange);
export type AssignmentChange = Infer<typeof AssignmentChange>;
