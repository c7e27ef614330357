import type { Migration } from 'kysely';
import * as initial from './0001-initial.ts';

/** Every migration, in order. Names sort in the order they must run. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
};
