import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';

/** A folder as a zip, its files under their paths inside it (a QTI package from its unpacked fixture). */
export function zipFolder(folder: string): Buffer {
  const files: Record<string, Uint8Array> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[relative(folder, path).split('\\').join('/')] = readFileSync(path);
    }
  };
  walk(folder);
  return Buffer.from(zipSync(files));
}
