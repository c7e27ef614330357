/** A signed-in user's own sessions: the finished ones, and putting an anonymous one into the account. */
import type { Kysely } from 'kysely';
import type { Database, OnlineSessionsTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { tokenMatches } from '../accounts/tokens.ts';

/** The finished sessions of a user, newest first. */
export function finishedSessionsOf(db: Kysely<Database>, userId: string): Promise<OnlineSessionsTable[]> {
  return db
    .selectFrom('online_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'finished')
    .orderBy('finished_at', 'desc')
    .execute();
}

/**
 * Puts an anonymous session into an account, proven by its api_token. A session is linked once:
 * to another account it reads as not found, to this one again as a conflict.
 */
export async function linkSession(
  db: Kysely<Database>,
  uuid: string,
  token: string,
  userId: string,
): Promise<OnlineSessionsTable> {
  const row = await db.selectFrom('online_sessions').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  // A preview counts nowhere, an account's history included.
  const linkable = row && !row.preview && (row.user_id === null || row.user_id === userId);
  if (!row || !linkable || !tokenMatches(token, row.token_hash)) {
    throw new HttpError(404, phrase('notYoursToLink'));
  }
  if (row.user_id === userId) throw new HttpError(409, phrase('alreadyLinked'));
  const claimed = await db
    .updateTable('online_sessions')
    .set({ user_id: userId })
    .where('uuid', '=', uuid)
    .where('user_id', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new HttpError(404, phrase('notYoursToLink'));
  return { ...row, user_id: userId };
}
