/**
 * A zip from an upload, unpacked without trusting what it says of itself: the bytes each file
 * really inflates to are counted as they come, and the whole is refused past UNPACKED_LIMIT (a "zip
 * bomb" of a few kilobytes that unpacks to gigabytes stops at the limit), as is a zip of more than
 * FILE_LIMIT files or one that is broken.
 */
import { Unzip, UnzipInflate } from 'fflate';
import { type Phrase, phrase } from '../../i18n/messages.ts';

export const UNPACKED_LIMIT = 64 * 1024 * 1024;
export const FILE_LIMIT = 2000;

export const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** How many entries the zip's end record says it holds; null when it has none (a zip cut short). */
function entriesSaid(bytes: Uint8Array): number | null {
  // The end record is 22 bytes and may be followed by a comment of up to 65,535.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes[at] === 0x50 && bytes[at + 1] === 0x4b && bytes[at + 2] === 0x05 && bytes[at + 3] === 0x06) {
      return (bytes[at + 10] ?? 0) | ((bytes[at + 11] ?? 0) << 8);
    }
  }
  return null;
}

/** Every file of the zip by its path (folders aside), or why it is refused. */
export function unzipSafely(bytes: Uint8Array): Map<string, Uint8Array> | Phrase {
  const said = entriesSaid(bytes);
  if (said === null) return phrase('bankZipBroken');
  let entries = 0;
  const files = new Map<string, Uint8Array[]>();
  let total = 0;
  // Set from the callbacks below: a holder, since a local's narrowing does not see them.
  const state: { refused: Phrase | null } = { refused: null };
  const unzip = new Unzip((file) => {
    entries += 1;
    if (state.refused || file.name.endsWith('/')) return;
    if (files.size >= FILE_LIMIT) {
      state.refused = phrase('bankZipTooMany', { limit: FILE_LIMIT });
      return;
    }
    const chunks: Uint8Array[] = [];
    files.set(file.name, chunks);
    file.ondata = (error, chunk) => {
      if (state.refused) return;
      if (error) {
        state.refused = phrase('bankZipBroken');
        return;
      }
      total += chunk.length;
      if (total > UNPACKED_LIMIT) {
        state.refused = phrase('bankZipTooLarge', { limit: `${UNPACKED_LIMIT / 1024 / 1024} MB` });
        file.terminate();
        return;
      }
      chunks.push(chunk);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(bytes, true);
  } catch {
    state.refused ??= phrase('bankZipBroken');
  }
  if (state.refused) return state.refused;
  // A zip whose files end before its end record says: cut short, or made to mislead.
  if (entries !== said) return phrase('bankZipBroken');
  const out = new Map<string, Uint8Array>();
  for (const [name, chunks] of files) out.set(name, Buffer.concat(chunks));
  return out;
}

/** A folder-relative path joined as a zip names its files (`items/q1.xml` + `../img/a.png`). */
export function joinPath(base: string, relative: string): string {
  const parts = base.split('/').slice(0, -1);
  for (const part of decodeURI(relative).split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}
