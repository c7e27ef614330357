/**
 * Removing attempts for good, and taking a person's name out of what stays: one way for a tutor's
 * removal on request, an account's deletion, the retention sweep and an assignment's deletion.
 *
 * An attempt goes with everything kept of it: answers, integrity signals, hand marks, scores
 * waiting for a platform's gradebook, its signed receipt, and the changes logged against it. A re-scoring's log entry
 * lists every changed attempt by name: a removed or anonymised attempt's name is blanked there.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Kept small: a list of ids is bound as one parameter each, and databases cap how many. */
const CHUNK = 500;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < list.length; at += CHUNK) out.push(list.slice(at, at + CHUNK));
  return out;
}

/** Every row kept of these attempts, and the attempts; inside the caller's transaction. */
export async function removeAttempts(trx: Transaction<Database> | Kysely<Database>, uuids: readonly string[]) {
  await forgetNamesInLogs(trx, uuids);
  for (const part of chunks(uuids)) {
    await trx.deleteFrom('answers').where('session_uuid', 'in', part).execute();
    await trx.deleteFrom('session_signals').where('session_uuid', 'in', part).execute();
    await trx.deleteFrom('hand_marks').where('session_uuid', 'in', part).execute();
    await trx.deleteFrom('lti_scores').where('session_uuid', 'in', part).execute();
    await trx.deleteFrom('assignment_changes').where('session_uuid', 'in', part).execute();
    await trx.deleteFrom('receipts').where('session_uuid', 'in', part).execute();
    await trx.deleteFrom('message_reads').where('session_uuid', 'in', part).execute();
    await trx
      .deleteFrom('message_reads')
      .where('message_id', 'in', trx.selectFrom('assignment_messages').select('id').where('session_uuid', 'in', part))
      .execute();
    await trx.deleteFrom('assignment_messages').where('session_uuid', 'in', part).execute();
    await trx.deleteFrom('online_sessions').where('uuid', 'in', part).execute();
  }
}

/**
 * The attempts stay for the tutors' results and statistics, with nothing that names their taker:
 * no account, no name, no tutor's comment on their answers (written to them, it may name them),
 * no score waiting for a gradebook (it names the platform's user), no lobby place.
 */
export async function anonymiseAttempts(trx: Transaction<Database>, uuids: readonly string[]) {
  await forgetNamesInLogs(trx, uuids);
  for (const part of chunks(uuids)) {
    await trx
      .updateTable('online_sessions')
      .set({ user_id: null, display_name: null })
      .where('uuid', 'in', part)
      .execute();
    await trx.updateTable('hand_marks').set({ comment: null }).where('session_uuid', 'in', part).execute();
    // A tutor's message to this taker alone was written to them, and may name them.
    const toThem = trx.selectFrom('assignment_messages').select('id').where('session_uuid', 'in', part);
    await trx.deleteFrom('message_reads').where('message_id', 'in', toThem).execute();
    await trx.deleteFrom('assignment_messages').where('session_uuid', 'in', part).execute();
    await trx.deleteFrom('lti_scores').where('session_uuid', 'in', part).execute();
    const marks = await trx
      .selectFrom('assignment_changes')
      .select(['id', 'detail'])
      .where('session_uuid', 'in', part)
      .where('kind', '=', 'mark')
      .execute();
    for (const mark of marks) {
      const detail = JSON.parse(mark.detail) as {
        before?: { comment?: unknown } | null;
        after?: { comment?: unknown };
      };
      if (detail.before) detail.before.comment = null;
      if (detail.after) detail.after.comment = null;
      await trx
        .updateTable('assignment_changes')
        .set({ detail: JSON.stringify(detail) })
        .where('id', '=', mark.id)
        .execute();
    }
  }
}

/** Blanks these attempts' names in the re-scoring logs of their assignments. */
async function forgetNamesInLogs(trx: Transaction<Database> | Kysely<Database>, uuids: readonly string[]) {
  const gone = new Set(uuids);
  for (const part of chunks(uuids)) {
    const rescores = await trx
      .selectFrom('assignment_changes')
      .select(['id', 'detail'])
      .where('kind', '=', 'rescore')
      .where(
        'assignment_id',
        'in',
        trx
          .selectFrom('online_sessions')
          .select('assignment_id')
          .where('uuid', 'in', part)
          .where('assignment_id', 'is not', null),
      )
      .execute();
    for (const row of rescores) {
      const detail = JSON.parse(row.detail) as { changed?: { session: string; name: string | null }[] };
      let touched = false;
      for (const entry of detail.changed ?? [])
        if (gone.has(entry.session) && entry.name) {
          entry.name = '';
          touched = true;
        }
      if (touched)
        await trx
          .updateTable('assignment_changes')
          .set({ detail: JSON.stringify(detail) })
          .where('id', '=', row.id)
          .execute();
    }
  }
}
