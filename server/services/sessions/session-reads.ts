/** Reads of the sessions' domain with no state of their own: a lesson a start may begin, and how many run. */
import type { Kysely } from 'kysely';
import type { Database, LessonsTable } from '../../db/schema.ts';

export type PublishedLesson = Pick<
  LessonsTable,
  'id' | 'slug' | 'audience' | 'duration_seconds' | 'current_version_id' | 'texts'
>;

/** A catalog lesson by id or slug, published; a tutor's own test is not started from the catalog. */
export function readPublishedLesson(db: Kysely<Database>, key: string): Promise<PublishedLesson | undefined> {
  const query = db
    .selectFrom('lessons')
    .select(['id', 'slug', 'audience', 'duration_seconds', 'current_version_id', 'texts'])
    .where('published', '=', 1)
    // Only its tutor's preview or an assignment starts a tutor's test.
    .where('owner_id', 'is', null);
  return (
    /^[1-9]\d{0,8}$/.test(key) ? query.where('id', '=', Number(key)) : query.where('slug', '=', key)
  ).executeTakeFirst();
}

/** How many sessions are running (an index range: status, deadline). */
export async function runningSessionCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('online_sessions')
    .select((eb) => eb.fn.countAll<number>().as('running'))
    .where('status', '=', 'running')
    .executeTakeFirstOrThrow();
  return Number(row.running);
}

/** Running sessions whose deadline lies before `before` (a sweep's page of them). */
export function expiredRunningSessions(db: Kysely<Database>, before: number) {
  return (
    db
      .selectFrom('online_sessions')
      .selectAll()
      .where('status', '=', 'running')
      .where('deadline', '<', before)
      // A paused assignment's attempts run on: their deadlines move when it resumes (exam-room.ts).
      .where((eb) =>
        eb.or([
          eb('assignment_id', 'is', null),
          eb('assignment_id', 'not in', eb.selectFrom('assignments').select('id').where('paused_at', 'is not', null)),
        ]),
      )
      .limit(500)
      .execute()
  );
}
