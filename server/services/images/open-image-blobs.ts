/** The image store's kind chosen by the configuration (server/config-images.ts), ready to use. */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { ImageStoreConfig } from '../../config-images.ts';
import type { Database } from '../../db/schema.ts';
import { BucketBlobs } from './bucket-blobs.ts';
import { DatabaseBlobs } from './database-blobs.ts';
import { FolderBlobs } from './folder-blobs.ts';
import { type ImageBlobs, type ImageStoreKind, WithFolderFallback } from './image-blobs.ts';

export interface ImageBlobsPlace {
  db: Kysely<Database>;
  /** DATA_DIR/images: the folder kind's home, and where images not yet moved from it are read. */
  folder: string;
  now: () => number;
}

/** One kind alone, as `images:move` writes to it. */
export function blobsOfKind(kind: ImageStoreKind, config: ImageStoreConfig, place: ImageBlobsPlace): ImageBlobs {
  if (kind === 'folder') return new FolderBlobs(place.folder);
  if (kind === 'database') return new DatabaseBlobs(place.db, place.now);
  if (!config.bucket) throw new Error('IMAGE_STORE=bucket needs S3_URL');
  return new BucketBlobs(config.bucket);
}

/** The configured kind; beyond the folder, images still in the folder are read from there too. */
export function openImageBlobs(config: ImageStoreConfig, place: ImageBlobsPlace): ImageBlobs {
  const blobs = blobsOfKind(config.kind, config, place);
  return config.kind === 'folder' ? blobs : new WithFolderFallback(blobs, new FolderBlobs(place.folder));
}

/** How many image files a folder still holds (names only: no file is opened); 0 when there is none. */
export async function imagesLeftIn(folder: string): Promise<number> {
  let count = 0;
  for (const sub of await readdir(folder).catch(() => [] as string[])) {
    const names = await readdir(join(folder, sub)).catch(() => [] as string[]);
    count += names.filter((name) => /^[0-9a-f]{64}$/.test(name)).length;
  }
  return count;
}
