/**
 * The bounds of the numbers the API takes. Every number of every request is finite and within
 * what its column holds (contract/number-bounds.test.ts walks every endpoint and the lesson file
 * to prove it), so that a bad value is a 422 at the door and never a database's overflow (a 500).
 */
import { between, integer, number } from './structs.ts';

/** The largest whole number a PostgreSQL `integer` column holds. */
export const INT4_MAX = 2_147_483_647;

/** Times are epoch milliseconds in the years 2000 to 2199: a clock reset to 1970 is not a time. */
export const EARLIEST_TIME = Date.UTC(2000, 0, 1);
export const LATEST_TIME = Date.UTC(2200, 0, 1);

export const EpochMs = between(
  integer(),
  EARLIEST_TIME,
  LATEST_TIME,
  'must be a time in epoch milliseconds, in the years 2000 to 2199',
);

/** Any finite number (a JSON `1e400` arrives as Infinity). */
export const FiniteNumber = between(number(), -Number.MAX_VALUE, Number.MAX_VALUE, 'must be a finite number');

/** A whole number from `min` to `max`. */
export const wholeBetween = (min: number, max: number) => between(integer(), min, max);
