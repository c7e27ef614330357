import type { AssignmentRules } from '../../../contract/assignments.ts';

/** The plainest rules: open at once until closed, the test's own time, one attempt, link only. */
export const ASSIGNMENT_RULES: AssignmentRules = {
  opens_at: null,
  closes_at: null,
  duration_seconds: null,
  attempts: 1,
  shuffle_questions: false,
  shuffle_options: false,
  access: 'link',
  review: 'full',
  release: 'immediately',
  start: 'window',
  late_start: 'time_left',
};
