/**
 * A GIF picture of an older bank as a PNG, since Zalik shows PNG, JPEG, WebP and AVIF: the first
 * frame (an animation's others are not kept), drawn on the GIF's own canvas, its transparent colour
 * kept transparent. GIF87a and GIF89a, global and local colour tables, interlaced rows. A GIF whose
 * canvas is larger than MAX_PIXELS, or that is broken, gives null (the import then says it cannot
 * show it).
 */
import { zlibSync } from 'fflate';

/** 4096 × 4096: a picture in a question never needs more, and a canvas size cannot make us allocate gigabytes. */
const MAX_PIXELS = 4096 * 4096;

export const isGif = (bytes: Uint8Array) =>
  bytes.length >= 6 && /^GIF8[79]a$/.test(String.fromCharCode(...bytes.subarray(0, 6)));

/** The LZW-coded indices of one frame (the GIF's variable-width codes, up to 12 bits). */
function decodeLzw(data: Uint8Array, minSize: number, count: number): Uint8Array | null {
  if (minSize < 2 || minSize > 8) return null;
  const out = new Uint8Array(count);
  const clear = 1 << minSize;
  const end = clear + 1;
  const prefix = new Uint16Array(4096);
  const suffix = new Uint8Array(4096);
  const stack = new Uint8Array(4097);
  let size = minSize + 1;
  let next = end + 1;
  let old = -1;
  let first = 0;
  let written = 0;
  let bits = 0;
  let held = 0;
  for (let at = 0; at < data.length && written < count; at++) {
    held |= (data[at] as number) << bits;
    bits += 8;
    while (bits >= size && written < count) {
      let code = held & ((1 << size) - 1);
      held >>>= size;
      bits -= size;
      if (code === clear) {
        [size, next, old] = [minSize + 1, end + 1, -1];
        continue;
      }
      if (code === end) return out;
      const read = code;
      let depth = 0;
      if (old === -1) {
        if (code >= clear) return null;
        out[written++] = code;
        [old, first] = [code, code];
        continue;
      }
      if (code >= next) {
        if (code > next) return null;
        stack[depth++] = first;
        code = old;
      }
      while (code > end) {
        stack[depth++] = suffix[code] as number;
        code = prefix[code] as number;
      }
      first = code;
      stack[depth++] = code;
      while (depth > 0 && written < count) out[written++] = stack[--depth] as number;
      if (next < 4096) {
        prefix[next] = old;
        suffix[next] = first;
        next++;
        if (next === 1 << size && size < 12) size++;
      }
      old = read;
    }
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  let crc = 0xffffffff;
  for (const byte of [...head.subarray(4), ...data]) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 0);
  return Buffer.concat([head, data, tail]);
}

/** RGBA rows as a PNG (8 bits a channel, no filter). */
function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = new Uint8Array(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) rows.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(rows)),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** The GIF's first frame as a PNG, or null when it is broken or too large. */
export function gifToPng(gif: Uint8Array): Buffer | null {
  if (!isGif(gif) || gif.length < 13) return null;
  const u16 = (at: number) => (gif[at] ?? 0) | ((gif[at + 1] ?? 0) << 8);
  const [width, height] = [u16(6), u16(8)];
  if (width === 0 || height === 0 || width * height > MAX_PIXELS) return null;
  let at = 13;
  const table = (flags: number) => {
    const size = flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0;
    const colours = gif.subarray(at, at + size);
    at += size;
    return colours;
  };
  const global = table(gif[10] ?? 0);
  let transparent = -1;
  /** The data of the sub-blocks from `at` on, joined; `at` left past their end. */
  const subBlocks = () => {
    const parts: Uint8Array[] = [];
    while (at < gif.length && gif[at] !== 0) {
      const length = gif[at] as number;
      parts.push(gif.subarray(at + 1, at + 1 + length));
      at += 1 + length;
    }
    at += 1;
    return Buffer.concat(parts);
  };
  while (at < gif.length) {
    const kind = gif[at++];
    if (kind === 0x21) {
      const label = gif[at++];
      const data = subBlocks();
      if (label === 0xf9 && data.length >= 4 && ((data[0] as number) & 1) === 1) transparent = data[3] as number;
      continue;
    }
    if (kind !== 0x2c) return null;
    const [left, top, w, h, flags] = [u16(at), u16(at + 2), u16(at + 4), u16(at + 6), gif[at + 8] ?? 0];
    at += 9;
    const colours = flags & 0x80 ? table(flags) : global;
    const minSize = gif[at++] ?? 0;
    const indices = decodeLzw(subBlocks(), minSize, w * h);
    if (!indices || colours.length === 0) return null;
    const rgba = new Uint8Array(width * height * 4);
    // Interlaced rows come in four passes: every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1.
    const order =
      flags & 0x40
        ? (
            [
              [0, 8],
              [4, 8],
              [2, 4],
              [1, 2],
            ] as const
          ).flatMap(([start, step]) =>
            Array.from({ length: Math.max(0, Math.ceil((h - start) / step)) }, (_, n) => start + n * step),
          )
        : Array.from({ length: h }, (_, n) => n);
    order.forEach((row, n) => {
      for (let x = 0; x < w; x++) {
        const index = indices[n * w + x] as number;
        const [cx, cy] = [left + x, top + row];
        if (index === transparent || cx >= width || cy >= height || index * 3 + 2 >= colours.length) continue;
        rgba.set(
          [colours[index * 3] ?? 0, colours[index * 3 + 1] ?? 0, colours[index * 3 + 2] ?? 0, 255],
          (cy * width + cx) * 4,
        );
      }
    });
    return encodePng(width, height, rgba);
  }
  return null;
}
