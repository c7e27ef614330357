import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../../../contract/images.ts';
import { gifToPng, isGif } from './gif-png.ts';

/** GIFs made by ImageMagick, each beside its first frame as ImageMagick reads it (`convert x.gif[0] rgba:`). */
const FIXTURES = join(import.meta.dirname, 'fixtures/gif');

/** The RGBA pixels of a PNG as gifToPng writes them (8-bit RGBA, no filter). */
function pixelsOf(png: Buffer): { width: number; height: number; rgba: Uint8Array } {
  let at = 8;
  const data: Uint8Array[] = [];
  let [width, height] = [0, 0];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const rows = unzlibSync(Buffer.concat(data));
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(rows[y * (width * 4 + 1)]).toBe(0);
    rgba.set(rows.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)), y * width * 4);
  }
  return { width, height, rgba };
}

describe('a GIF of an older bank', () => {
  const names = readdirSync(FIXTURES).filter((name) => name.endsWith('.gif'));

  it.each(names)('%s becomes a PNG of its first frame, pixel for pixel as ImageMagick reads it', (name) => {
    const gif = readFileSync(join(FIXTURES, name));
    expect(isGif(gif)).toBe(true);
    const png = gifToPng(gif);
    if (!png) throw new Error(`${name} was not read`);
    expect(sniffImageType(png)).toBe('image/png');
    const { rgba } = pixelsOf(png);
    const expected = readFileSync(join(FIXTURES, name.replace(/\.gif$/, '.rgba')));
    expect(rgba.length).toBe(expected.length);
    // A transparent pixel's colour is nobody's business: compare what shows.
    const shown = (pixels: Uint8Array) =>
      Array.from({ length: pixels.length / 4 }, (_, n) =>
        pixels[n * 4 + 3] === 0 ? 'clear' : Array.from(pixels.subarray(n * 4, n * 4 + 4)).join(','),
      );
    expect(shown(rgba)).toEqual(shown(expected));
  });

  it('is refused when broken, cut short, or larger than a picture needs', () => {
    const small = readFileSync(join(FIXTURES, 'wide.gif'));
    expect(gifToPng(small.subarray(0, 40))).toBeNull();
    const huge = Buffer.from(small);
    huge.writeUInt16LE(60_000, 6);
    huge.writeUInt16LE(60_000, 8);
    expect(gifToPng(huge)).toBeNull();
    expect(gifToPng(Buffer.from('GIF89a'))).toBeNull();
    expect(isGif(Buffer.from('PNG...'))).toBe(false);
  });
});
