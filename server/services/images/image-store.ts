/**
 * Images of tutors' tests, stored by content: the file `images/ab/abcdef…` under the data folder is
 * named by the SHA-256 of its bytes, and the `images` table knows its type and size.
 *
 * Files rather than database rows: an image never changes once stored, is served as it is with an
 * immutable cache header, and would otherwise swell the database, its WAL and every backup by
 * megabytes the database never queries. The schema keeps its portable types (no blobs). Several
 * processes on one machine share the data folder; a write is a new file renamed into place, so a
 * reader never sees half an image.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { IMAGE_LIMITS, type ImageType, imageUrl, type StoredImage, sniffImageType } from '../../../contract/images.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import type { StorageQuota } from '../storage/storage-quota.ts';

export interface ImageStoreOptions {
  /** The folder the image files go in (DATA_DIR/images). */
  dir: string;
  now: () => number;
  /** Each tutor's storage: a new image must fit its uploader's. */
  quota: StorageQuota;
}

/** A refused image: the problem said at the field it came in (`data`, or a lesson file's path). */
export function imageProblem(bytes: Uint8Array) {
  if (bytes.length === 0) return phrase('imageEmpty');
  if (bytes.length > IMAGE_LIMITS.bytes) return phrase('imageTooLarge', { limit: '1 MB' });
  if (!sniffImageType(bytes)) return phrase('imageNotAnImage');
  return null;
}

export const imageIdOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export class ImageStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: ImageStoreOptions,
  ) {}

  private pathOf(id: string) {
    return join(this.options.dir, id.slice(0, 2), id);
  }

  /**
   * Stores an image (once, however often it is uploaded); a 422 names the problem at `field`. Its
   * row goes in through `db`, a transaction when the image belongs to more (an import): rolled
   * back, it leaves at most a file no row names, which nobody can read.
   */
  async put(
    uploadedBy: string | null,
    bytes: Uint8Array,
    field = 'data',
    db: Kysely<Database> = this.db,
  ): Promise<StoredImage> {
    const problem = imageProblem(bytes);
    if (problem) throw new HttpError(422, problem, { [field]: [problem] });
    const type = sniffImageType(bytes) as ImageType;
    if (uploadedBy !== null) {
      const stored = await db.selectFrom('images').select('id').where('id', '=', imageIdOf(bytes)).executeTakeFirst();
      if (!stored) await this.options.quota.ensureRoom(uploadedBy, bytes.length, db);
    }
    const id = await this.writeFile(bytes);
    await db
      .insertInto('images')
      .values({ id, type, bytes: bytes.length, uploaded_by: uploadedBy, created_at: this.options.now() })
      // Sent again: in use, whatever the storage sweep found before.
      .onConflict((c) => c.column('id').doUpdateSet({ unused_since: null }))
      .execute();
    return { id, type, bytes: bytes.length, url: imageUrl(id) };
  }

  /**
   * The image's file, written when not there yet (a new file renamed into place, so a reader never
   * sees half of one); its id. Apart from `put` so that an import writes its files before the
   * transaction that records them, which then holds the database only for rows.
   */
  async writeFile(bytes: Uint8Array): Promise<string> {
    const id = imageIdOf(bytes);
    const path = this.pathOf(id);
    const there = await stat(path).then(
      (s) => s.size === bytes.length,
      () => false,
    );
    if (!there) {
      await mkdir(join(this.options.dir, id.slice(0, 2)), { recursive: true });
      const partial = `${path}.${randomUUID()}.part`;
      await writeFile(partial, bytes);
      await rename(partial, path);
    }
    return id;
  }

  /** Type and size of each stored image among `ids` (the unknown ones are left out). */
  async describe(ids: readonly string[]): Promise<Map<string, { type: ImageType; bytes: number }>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db.selectFrom('images').select(['id', 'type', 'bytes']).where('id', 'in', unique).execute();
    return new Map(rows.map((r) => [r.id, { type: r.type, bytes: Number(r.bytes) }]));
  }

  /** The image's type and bytes, or null when there is no such image. */
  async read(id: string): Promise<{ type: ImageType; bytes: Buffer } | null> {
    const row = await this.db.selectFrom('images').select(['type']).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    try {
      return { type: row.type, bytes: await readFile(this.pathOf(id)) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}
