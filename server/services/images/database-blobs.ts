/**
 * Images in the database (the `image_chunks` table, migration 0021): every machine over one
 * PostgreSQL sees every picture, and pg_dump backs them up with the rest. Written in one transaction
 * (a reader sees all of an image's chunks or none), read one chunk at a time.
 */
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ImageBlobs, StoredBlob } from './image-blobs.ts';

export const IMAGE_CHUNK_BYTES = 256 * 1024;
const LIST_PAGE = 500;

export class DatabaseBlobs implements ImageBlobs {
  readonly kind = 'database' as const;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  async has(id: string) {
    const row = await this.db
      .selectFrom('image_chunks')
      .select('seq')
      .where('image_id', '=', id)
      .where('seq', '=', 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  async write(id: string, bytes: Uint8Array) {
    if (await this.has(id)) return;
    const writtenAt = this.now();
    const chunks: Database['image_chunks'][] = [];
    for (let seq = 0; seq * IMAGE_CHUNK_BYTES < bytes.length || seq === 0; seq += 1) {
      const piece = bytes.subarray(seq * IMAGE_CHUNK_BYTES, (seq + 1) * IMAGE_CHUNK_BYTES);
      chunks.push({ image_id: id, seq, data: Buffer.from(piece), written_at: writtenAt });
    }
    // Another machine writing the same image at the same moment writes the same bytes: its rows win.
    await this.db.transaction().execute(async (trx) => {
      for (const chunk of chunks) {
        await trx
          .insertInto('image_chunks')
          .values(chunk)
          .onConflict((c) => c.columns(['image_id', 'seq']).doNothing())
          .execute();
      }
    });
  }

  async open(id: string) {
    // The first chunk tells whether the image is there: no query of its own for that.
    const chunk = (seq: number) =>
      this.db
        .selectFrom('image_chunks')
        .select('data')
        .where('image_id', '=', id)
        .where('seq', '=', seq)
        .executeTakeFirst();
    const first = await chunk(0);
    if (!first) return null;
    async function* chunks() {
      yield Buffer.from(first?.data ?? []);
      for (let seq = 1; ; seq += 1) {
        const row = await chunk(seq);
        if (!row) return;
        yield Buffer.from(row.data);
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  async remove(id: string) {
    await this.db.deleteFrom('image_chunks').where('image_id', '=', id).execute();
  }

  async *list(): AsyncIterable<StoredBlob> {
    let after = '';
    for (;;) {
      const rows = await this.db
        .selectFrom('image_chunks')
        .select(['image_id', 'written_at'])
        .where('seq', '=', 0)
        .where('image_id', '>', after)
        .orderBy('image_id')
        .limit(LIST_PAGE)
        .execute();
      for (const row of rows) yield { id: row.image_id, writtenAt: Number(row.written_at) };
      if (rows.length < LIST_PAGE) return;
      after = (rows.at(-1) as { image_id: string }).image_id;
    }
  }
}
