/**
 * Images as files: `ab/abcdef…` under the images folder (DATA_DIR/images), the embedded default.
 * Several processes of one machine share it; a write is a new file renamed into place, so a reader
 * never sees half an image. Several machines cannot share it: they use the database or a bucket.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageBlobs, StoredBlob } from './image-blobs.ts';

/** An image's file, or a write a crash cut short (listed so that the storage sweep removes it). */
const IMAGE_FILE = /^[0-9a-f]{64}(\.[0-9a-f-]{36}\.part)?$/;

export class FolderBlobs implements ImageBlobs {
  readonly kind = 'folder' as const;
  constructor(readonly dir: string) {}

  private pathOf(id: string) {
    return join(this.dir, id.slice(0, 2), id);
  }

  async has(id: string) {
    return stat(this.pathOf(id)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async write(id: string, bytes: Uint8Array) {
    const path = this.pathOf(id);
    const there = await stat(path).then(
      (s) => s.size === bytes.length,
      () => false,
    );
    if (there) return;
    await mkdir(join(this.dir, id.slice(0, 2)), { recursive: true });
    const partial = `${path}.${randomUUID()}.part`;
    await writeFile(partial, bytes);
    await rename(partial, path);
  }

  async open(id: string) {
    const stream = createReadStream(this.pathOf(id));
    // Opened before it is handed on, so that a missing file is a null here and not an error mid-reply.
    return new Promise<typeof stream | null>((resolve, reject) => {
      stream.once('open', () => resolve(stream));
      stream.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(null) : reject(error)));
    });
  }

  async remove(id: string) {
    await unlink(this.pathOf(id)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  async *list(): AsyncIterable<StoredBlob> {
    const folders = await readdir(this.dir).catch(() => [] as string[]);
    for (const folder of folders) {
      const names = await readdir(join(this.dir, folder)).catch(() => [] as string[]);
      for (const name of names.filter((n) => IMAGE_FILE.test(n))) {
        const info = await stat(join(this.dir, folder, name)).catch(() => null);
        if (info?.isFile()) yield { id: name, writtenAt: info.mtimeMs };
      }
    }
  }
}
