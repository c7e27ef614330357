/**
 * A zip from an upload, unpacked without trusting what it says of itself: the bytes each file
 * really inflates to are counted as they come, and the whole is refused past UNPACKED_LIMIT (a "zip
 * bomb" of a few kilobytes that unpacks to gigabytes stops at the limit), as is a zip of more than
 * FILE_LIMIT files, one that is broken, and one with an entry that would stand outside the zip's own
 * folder if it were unpacked: a symbolic link, an absolute path or a `..` step (nothing here writes
 * files out, but such a zip was made to harm, and whatever reads it next must not be the first to see).
 */
import { Unzip, UnzipInflate } from 'fflate';
import { type Phrase, phrase } from '../../i18n/messages.ts';

export const UNPACKED_LIMIT = 64 * 1024 * 1024;
export const FILE_LIMIT = 2000;

export const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

const u16 = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;

/** Where the zip's end record starts; null when it has none (a zip cut short). */
function endRecordAt(bytes: Uint8Array): number | null {
  // The end record is 22 bytes and may be followed by a comment of up to 65,535.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (u32(bytes, at) === 0x06054b50) return at;
  }
  return null;
}

/** A path that leaves the zip's folder: absolute (`/`, `\\`, `C:`) or stepping up (`..`). */
const leavesFolder = (name: string) => /^([/\\]|[A-Za-z]:)/.test(name) || name.split(/[/\\]/).includes('..');

/**
 * The first entry of the central directory (which the streamed reading never sees) that is a
 * symbolic link (Unix mode 0120000 in the external attributes, made on Unix) or leaves the folder.
 */
function unsafeEntry(bytes: Uint8Array, end: number): string | null {
  const count = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  for (let n = 0; n < count && u32(bytes, at) === 0x02014b50; n++) {
    const madeOnUnix = (bytes[at + 5] ?? 0) === 3;
    const mode = u32(bytes, at + 38) >>> 16;
    const nameLength = u16(bytes, at + 28);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if ((madeOnUnix && (mode & 0o170000) === 0o120000) || leavesFolder(name)) return name;
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return null;
}

/** Every file of the zip by its path (folders aside), or why it is refused. */
export function unzipSafely(bytes: Uint8Array): Map<string, Uint8Array> | Phrase {
  const end = endRecordAt(bytes);
  if (end === null) return phrase('bankZipBroken');
  // How many entries the end record says the zip holds.
  const said = u16(bytes, end + 10);
  const unsafe = unsafeEntry(bytes, end);
  if (unsafe !== null) return phrase('bankZipUnsafe', { name: unsafe.slice(0, 200) });
  let entries = 0;
  const files = new Map<string, Uint8Array[]>();
  let total = 0;
  // Set from the callbacks below: a holder, since a local's narrowing does not see them.
  const state: { refused: Phrase | null } = { refused: null };
  const unzip = new Unzip((file) => {
    entries += 1;
    if (state.refused || file.name.endsWith('/')) return;
    if (leavesFolder(file.name)) {
      state.refused = phrase('bankZipUnsafe', { name: file.name.slice(0, 200) });
      return;
    }
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

/** A path's %-escapes read; one that is malformed (`%zz`, a lone `%`) is the path as written. */
export function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A folder-relative path joined as a zip names its files (`items/q1.xml` + `../img/a.png`). */
export function joinPath(base: string, relative: string): string {
  const parts = base.split('/').slice(0, -1);
  for (const part of decodedPath(relative).split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}
