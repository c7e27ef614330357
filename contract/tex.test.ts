import { describe, expect, it } from 'vitest';
import { hasTex, splitTex } from './tex.ts';

describe('formulas in texts', () => {
  it('cuts a text into plain parts and inline and display formulas', () => {
    expect(splitTex('Solve \\(x^2 - 5x + 6 = 0\\) and write\n\\[\\frac{1}{2}\\]')).toEqual([
      { kind: 'text', text: 'Solve ' },
      { kind: 'tex', tex: 'x^2 - 5x + 6 = 0', display: false },
      { kind: 'text', text: ' and write\n' },
      { kind: 'tex', tex: '\\frac{1}{2}', display: true },
    ]);
  });

  it('leaves a text without formulas, or with an opening never closed, as plain text', () => {
    expect(splitTex('Half of 8?')).toEqual([{ kind: 'text', text: 'Half of 8?' }]);
    expect(splitTex('a \\( b')).toEqual([{ kind: 'text', text: 'a \\( b' }]);
    expect(splitTex('')).toEqual([]);
    expect(hasTex('a \\( b')).toBe(true);
    expect(hasTex('a ( b ) \\ c')).toBe(false);
  });
});
