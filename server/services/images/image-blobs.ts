/**
 * Where the bytes of the tutors' images live: one of three kinds, chosen by IMAGE_STORE
 * (server/config-images.ts). The `images` table always holds each image's type and size; the bytes
 * are named by their SHA-256, so a write of the same id is always the same bytes and may be repeated
 * by any machine at any time, and a stored image never changes (it is served as immutable).
 */
import type { Readable } from 'node:stream';

export type ImageStoreKind = 'folder' | 'database' | 'bucket';

export interface StoredBlob {
  id: string;
  /** When it was written (epoch ms): a young blob no row names may be an import's, not yet committed. */
  writtenAt: number;
}

export interface ImageBlobs {
  readonly kind: ImageStoreKind;
  /** Whether the whole image is there (a write cut short never counts). */
  has(id: string): Promise<boolean>;
  /** Stores the bytes whose SHA-256 is `id`; whole or not at all, and harmless when already there. */
  write(id: string, bytes: Uint8Array): Promise<void>;
  /** The bytes as a stream, read a piece at a time; null when there is no such image. */
  open(id: string): Promise<Readable | null>;
  /** Gone (no matter whether it was there). */
  remove(id: string): Promise<void>;
  /** Every stored image, a page at a time (the storage sweep and the move between kinds). */
  list(): AsyncIterable<StoredBlob>;
}

/** The whole of a stream (an export embeds images as base64). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

/**
 * An installation that moved to the database or a bucket may still have images in its folder that
 * `npm run images:move` has not moved yet: they are read from there, new ones go to the new kind.
 */
export class WithFolderFallback implements ImageBlobs {
  readonly kind: ImageStoreKind;
  constructor(
    private readonly primary: ImageBlobs,
    private readonly folder: ImageBlobs,
  ) {
    this.kind = primary.kind;
  }
  /** Only the new kind: an image sent again that is still in the folder is written where every machine sees it. */
  has(id: string) {
    return this.primary.has(id);
  }
  write(id: string, bytes: Uint8Array) {
    return this.primary.write(id, bytes);
  }
  async open(id: string) {
    return (await this.primary.open(id)) ?? this.folder.open(id);
  }
  async remove(id: string) {
    await this.primary.remove(id);
    await this.folder.remove(id);
  }
  async *list() {
    yield* this.primary.list();
    yield* this.folder.list();
  }
}
