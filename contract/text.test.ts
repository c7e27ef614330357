import fc from 'fast-check';
import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { Line, Paragraph, textProblem, textProblemIn, textProblemsIn, toLine } from './text.ts';

/** The rule spelled out character by character, to hold the regular expressions to. */
function reference(value: string, multiline: boolean): string | null {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const high = code >= 0xd800 && code <= 0xdbff;
    const low = code >= 0xdc00 && code <= 0xdfff;
    if (high) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return 'broken';
    } else if (low) return 'broken';
  }
  for (const ch of value) {
    const code = ch.codePointAt(0) as number;
    const control = code <= 0x1f || (code >= 0x7f && code <= 0x9f);
    const lineBreakOrTab = ch === '\n' || ch === '\r' || ch === '\t';
    if (control && !lineBreakOrTab) return 'control';
  }
  if (!multiline && /[\t\n\r]/.test(value)) return 'line-break';
  return null;
}

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 }).map((codes) => String.fromCharCode(...codes)),
);

describe('the text rule', () => {
  it('refuses exactly what the rule names, for single- and multi-line text', () => {
    fc.assert(
      fc.property(anyText, fc.boolean(), (value, multiline) => {
        const problem = textProblem(value, multiline);
        // The reference checks for broken characters first, as the rule does.
        expect(problem).toBe(reference(value, multiline));
      }),
      { numRuns: 2000 },
    );
  });

  it('names NUL, C0, DEL, C1 and lone surrogates, and lets ordinary text of every script through', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\u001b[31m', '\u007f', '\u0085', '\u009f']) {
      expect(textProblem(bad, true), JSON.stringify(bad)).toBe('control');
    }
    for (const broken of ['\uD800', 'a\uDFFFb', '\uDBFF\uDBFF']) expect(textProblem(broken, true)).toBe('broken');
    for (const ok of ['Олена Коваль', 'Łódź – zażółć', 'x² − 5x + 6 = 0', '👩‍👩‍👧‍👦🇺🇦', '\u202Eevil', '\u00a0']) {
      expect(textProblem(ok, false), ok).toBeNull();
    }
    expect(textProblem('two\nlines\tand a tab\r\n', true)).toBeNull();
    expect(textProblem('two\nlines', false)).toBe('line-break');
  });

  it('makes any text a line that passes the rule', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        expect(textProblem(toLine(value), false)).toBeNull();
      }),
      { numRuns: 2000 },
    );
    expect(toLine('a\t\tb\r\nc\u0000')).toBe('a b c ');
    expect(toLine('x\uD800y')).toBe('x\uFFFDy');
  });

  it('finds the first bad string in nested input, keys included, and names its field', () => {
    expect(textProblemIn({ a: 'ok', b: [{ c: 'x\u0000' }] })).toEqual({ field: 'b.0.c', problem: 'control' });
    expect(textProblemIn({ 'bad\u0001key': 1 })).toEqual({ field: '_', problem: 'control' });
    expect(textProblemIn({ nested: { 'two\nlines': 1 } })).toEqual({ field: 'nested', problem: 'line-break' });
    expect(textProblemIn('\uD800')).toEqual({ field: '_', problem: 'broken' });
    expect(textProblemIn({ a: 'multi\nline\ttext', n: 1, t: true, z: null })).toBeNull();
    expect(textProblemsIn({ a: '\u0000', b: 'ok', c: ['\uD800', 'x\u0085'] })).toEqual([
      { field: 'a', problem: 'control' },
      { field: 'c.0', problem: 'broken' },
      { field: 'c.1', problem: 'control' },
    ]);
    expect(textProblemsIn(Array.from({ length: 50 }, () => '\u0000'))).toHaveLength(20);
    // Deep input does not overflow the stack.
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(textProblemIn(deep)?.problem).toBe('control');
  });

  it('finds a problem in nested input exactly when some string or key breaks the rule', () => {
    const allPass = (value: unknown): boolean =>
      typeof value === 'string'
        ? reference(value, true) === null
        : value !== null && typeof value === 'object'
          ? Object.entries(value).every(([key, child]) => reference(key, false) === null && allPass(child))
          : true;
    const nested = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, anyText, fc.integer(), fc.constant(null), tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(anyText, tie('value'), { maxKeys: 4 }),
    })).value;
    fc.assert(
      fc.property(nested, (value) => {
        expect(textProblemsIn(value).length === 0).toBe(allPass(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives single-line and multi-line structs', () => {
    expect(is('one line', Line)).toBe(true);
    expect(is('two\nlines', Line)).toBe(false);
    expect(is('two\nlines', Paragraph)).toBe(true);
    expect(is('nul\u0000', Paragraph)).toBe(false);
    expect(is(5, Line)).toBe(false);
  });
});
