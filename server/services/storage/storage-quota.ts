/**
 * How much storage a tutor's tests take, and the quota on it (TUTOR_STORAGE_MB): the images they
 * uploaded or imported (each counted once, by its first uploader: the same picture is stored once
 * whoever sends it) and every version of their tests (published, and previews until the storage
 * sweep prunes them). Checked before anything that adds to it is stored: an upload, an import, a
 * publish or a preview that makes a new version. Inside a transaction the check first takes the
 * tutor's row lock (PostgreSQL; SQLite runs one transaction at a time), so that parallel uploads or
 * publishes of one tutor each see the others' bytes instead of the same room.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';

export class StorageQuota {
  constructor(
    private readonly db: Kysely<Database>,
    /** Bytes one tutor may take. */
    readonly perTutor: number,
    /** PostgreSQL: lock the tutor's row for the check. */
    private readonly rowLocks: boolean,
  ) {}

  /** Bytes the tutor's images and test versions take now. */
  async usedBy(ownerId: string, db: Kysely<Database> = this.db): Promise<number> {
    const images = await db
      .selectFrom('images')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bytes'), sql<number>`0`).as('bytes'))
      .where('uploaded_by', '=', ownerId)
      .executeTakeFirstOrThrow();
    const versions = await db
      .selectFrom('lesson_versions')
      .innerJoin('lessons', 'lessons.id', 'lesson_versions.lesson_id')
      .select(sql<number>`coalesce(sum(length(lesson_versions.content)), 0)`.as('bytes'))
      .where('lessons.owner_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    return Number(images.bytes) + Number(versions.bytes);
  }

  /**
   * A 409 unless `more` bytes still fit in the tutor's quota. Binding only in a transaction that
   * then writes them (`db.isTransaction`): outside one it is an early refusal, checked again there.
   */
  async ensureRoom(ownerId: string, more: number, db: Kysely<Database> = this.db): Promise<void> {
    if (more <= 0) return;
    if (db.isTransaction && this.rowLocks) {
      await db.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().execute();
    }
    const used = await this.usedBy(ownerId, db);
    if (used + more > this.perTutor) {
      const limit = `${Math.round(this.perTutor / (1024 * 1024))} MB`;
      throw new HttpError(409, phrase('storageFull', { limit }));
    }
  }
}
