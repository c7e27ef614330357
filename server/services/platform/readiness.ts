/**
 * Whether this process can serve now: what a load balancer or an orchestrator asks before sending
 * it traffic. Each check answers in a word, within a bound, and says nothing about where or what
 * the database is.
 */
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Readiness } from '../../../contract/operations.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { pendingMigrations } from '../../db/migrate.ts';
import { within } from './within.ts';

/** A check that has not answered by then counts as failed: a hung database is not a ready one. */
const CHECK_MS = 2_000;

export async function readiness(
  database: Pick<DatabaseHandle, 'db' | 'schema'>,
  redis: Redis | null,
  stopping: boolean,
): Promise<Readiness> {
  const [databaseOk, pending, redisOk] = await Promise.all([
    within(sql`select 1`.execute(database.db), CHECK_MS).then(
      () => true,
      () => false,
    ),
    within(pendingMigrations(database), CHECK_MS).catch(() => null),
    redis
      ? within(redis.ping(), CHECK_MS).then(
          () => true,
          () => false,
        )
      : Promise.resolve(null),
  ]);
  const checks: Readiness['checks'] = {
    database: databaseOk ? 'ok' : 'unreachable',
    migrations: pending === null ? 'unknown' : pending.length === 0 ? 'current' : 'pending',
    redis: redisOk === null ? 'not configured' : redisOk ? 'ok' : 'unreachable',
  };
  const reason = stopping
    ? 'the server is stopping'
    : !databaseOk
      ? 'the database is unreachable'
      : pending === null
        ? 'the migrations could not be read'
        : pending.length > 0
          ? `${pending.length} migration(s) not run yet`
          : redisOk === false
            ? 'Redis is unreachable'
            : null;
  return reason === null ? { status: 'ready', checks } : { status: 'not ready', reason, checks };
}
