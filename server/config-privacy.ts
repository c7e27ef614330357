/**
 * What Zalik keeps of people, and for how long (docs/privacy.md):
 *
 * - ATTEMPTS_KEPT_DAYS: finished attempts (with their answers, signals and marks) older than this
 *   many days are removed by the nightly sweep; 0 (the default) keeps them until a tutor, the taker
 *   or an account's deletion removes them.
 * - DELETED_ACCOUNT_ATTEMPTS: what an account's deletion does with its attempts: `anonymise` (the
 *   default) keeps them with no name or account, so tutors' results and statistics stay whole;
 *   `remove` deletes them with the account.
 * - RETENTION_SWEEP_HOUR: the hour (UTC, 0–23) the nightly sweep runs; 3 by default.
 */
import { type Env, integerIn, oneOf } from './config-values.ts';

export interface PrivacyConfig {
  attemptsKeptDays: number;
  deletedAccountAttempts: 'anonymise' | 'remove';
  sweepHourUtc: number;
}

export function privacyOf(env: Env, problems: string[]): PrivacyConfig {
  return {
    attemptsKeptDays: integerIn(env, 'ATTEMPTS_KEPT_DAYS', 0, 0, 36_500, problems),
    deletedAccountAttempts: oneOf(env, 'DELETED_ACCOUNT_ATTEMPTS', ['anonymise', 'remove'], 'anonymise', problems),
    sweepHourUtc: integerIn(env, 'RETENTION_SWEEP_HOUR', 3, 0, 23, problems),
  };
}
