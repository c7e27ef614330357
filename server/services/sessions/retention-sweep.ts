/**
 * The nightly sweep of ATTEMPTS_KEPT_DAYS (config-privacy.ts): every finished attempt that finished
 * longer ago than that goes, with everything kept of it (remove-attempts.ts). A running one is
 * never touched. In batches, each its own transaction, so a large first sweep never holds the
 * database for long; what one process removed another finds gone.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { removeAttempts } from './remove-attempts.ts';

const DAY_MS = 86_400_000;
const BATCH = 500;

export async function sweepOldAttempts(
  db: Kysely<Database>,
  options: { now: number; keptDays: number },
): Promise<{ removed: number }> {
  if (options.keptDays <= 0) return { removed: 0 };
  const before = options.now - options.keptDays * DAY_MS;
  let removed = 0;
  for (;;) {
    const batch = await db
      .selectFrom('online_sessions')
      .select('uuid')
      .where('status', '=', 'finished')
      .where('finished_at', '<', before)
      .orderBy('finished_at')
      .limit(BATCH)
      .execute();
    if (batch.length === 0) return { removed };
    await db.transaction().execute((trx) =>
      removeAttempts(
        trx,
        batch.map((s) => s.uuid),
      ),
    );
    removed += batch.length;
  }
}
