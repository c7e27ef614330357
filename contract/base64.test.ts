import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isStrictBase64 } from './images.ts';

describe('strict base64', () => {
  it('takes what RFC 4648 writes and nothing a decoder would forgive', () => {
    for (const bytes of [0, 1, 2, 3, 4, 5, 100]) {
      expect(isStrictBase64(randomBytes(bytes).toString('base64')), `${bytes} bytes`).toBe(true);
    }
    for (const text of [
      'A',
      'AB=',
      'ABC',
      'A===',
      'AB=C',
      'AB==AB==',
      'AB!=',
      'AB==\n',
      ' ABC',
      'AB-_',
      'AC==',
      'ABD=',
    ]) {
      expect(isStrictBase64(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('reads a file of tens of megabytes without overflowing the stack', () => {
    const big = randomBytes(24 * 1024 * 1024).toString('base64');
    expect(isStrictBase64(big)).toBe(true);
    expect(isStrictBase64(`${big.slice(0, -4)}A$A=`)).toBe(false);
  });
});
