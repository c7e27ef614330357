/**
 * Images of tutors' tests, stored by content: each is named by the SHA-256 of its bytes, the
 * `images` table knows its type and size, and the bytes are kept by one of the image store's kinds
 * (image-blobs.ts): files under the data folder, the database, or an S3-compatible bucket. An image
 * never changes once stored, so it is served as it is with an immutable cache header, streamed.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { IMAGE_LIMITS, type ImageType, imageUrl, type StoredImage, sniffImageType } from '../../../contract/images.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { type ImageBlobs, readAll } from './image-blobs.ts';

/**
 * What a new image asks of its uploader's storage (storage/storage-quota.ts, a domain above this
 * one): a 409 unless `more` bytes fit, binding inside the transaction that then writes them.
 */
export interface RoomForImages {
  ensureRoom(ownerId: string, more: number, db: Kysely<Database>): Promise<void>;
}

export interface ImageStoreOptions {
  /** Where the bytes are kept. */
  blobs: ImageBlobs;
  now: () => number;
  /** Each tutor's storage: a new image must fit its uploader's. */
  quota: RoomForImages;
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

  /**
   * Stores an image (once, however often it is uploaded); a 422 names the problem at `field`. Its
   * bytes are written first; its row goes in with the quota's check in one transaction (`db`'s,
   * when the image belongs to more: an import), so parallel uploads cannot all take the same room.
   * Rolled back, it leaves at most stored bytes no row names, which nobody can read (the storage
   * sweep removes them).
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
    const id = imageIdOf(bytes);
    const ensureRoom = async (trx: Kysely<Database>) => {
      if (uploadedBy === null) return;
      const stored = await trx.selectFrom('images').select('id').where('id', '=', id).executeTakeFirst();
      if (!stored) await this.options.quota.ensureRoom(uploadedBy, bytes.length, trx);
    };
    const record = async (trx: Kysely<Database>) => {
      await ensureRoom(trx);
      await trx
        .insertInto('images')
        .values({ id, type, bytes: bytes.length, uploaded_by: uploadedBy, created_at: this.options.now() })
        // Sent again: in use, whatever the storage sweep found before.
        .onConflict((c) => c.column('id').doUpdateSet({ unused_since: null }))
        .execute();
    };
    // An early refusal of what cannot fit, before its bytes are written.
    if (!db.isTransaction) await ensureRoom(db);
    // Each kind writes nothing when the image is there already.
    await this.options.blobs.write(id, bytes);
    await (db.isTransaction ? record(db) : db.transaction().execute(record));
    return { id, type, bytes: bytes.length, url: imageUrl(id) };
  }

  /**
   * The image's bytes, stored when not there yet; its id. Apart from `put` so that an import writes
   * its images before the transaction that records them, which then holds the database only for rows.
   */
  async writeFile(bytes: Uint8Array): Promise<string> {
    const id = imageIdOf(bytes);
    // Each kind writes nothing when the image is there already.
    await this.options.blobs.write(id, bytes);
    return id;
  }

  /** Where the bytes are kept (the storage sweep goes through them). */
  get blobs(): ImageBlobs {
    return this.options.blobs;
  }

  /** Type and size of each stored image among `ids` (the unknown ones are left out). */
  async describe(ids: readonly string[]): Promise<Map<string, { type: ImageType; bytes: number }>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db.selectFrom('images').select(['id', 'type', 'bytes']).where('id', 'in', unique).execute();
    return new Map(rows.map((r) => [r.id, { type: r.type, bytes: Number(r.bytes) }]));
  }

  /** The image's type, size and bytes as a stream, or null when there is no such image. */
  async open(id: string): Promise<{ type: ImageType; bytes: number; stream: Readable } | null> {
    const row = await this.db.selectFrom('images').select(['type', 'bytes']).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const stream = await this.options.blobs.open(id);
    return stream ? { type: row.type, bytes: Number(row.bytes), stream } : null;
  }

  /** The image's type and all its bytes (an export embeds them), or null when there is no such image. */
  async read(id: string): Promise<{ type: ImageType; bytes: Buffer } | null> {
    const found = await this.open(id);
    return found ? { type: found.type, bytes: await readAll(found.stream) } : null;
  }
}
