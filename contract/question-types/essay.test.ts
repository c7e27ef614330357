import { describe, expect, it } from 'vitest';
import { create, StructError } from '../structs.ts';
import { ESSAY_CHARACTERS, essay, wordCount, wordLimitState } from './essay.ts';
import { awaitsMark, type HandMark, questionScore, sampleAnswer } from './registry.ts';
import { common } from './scoring-table.ts';

const question = essay.struct.create({ ...common, points: 10, type: 'essay', min_words: 3, max_words: 50 });
const mark = (points: number, comment: string | null = null): HandMark => ({ points, comment });

describe('essay: its score is the hand mark', () => {
  // [name, value, mark, value problem, score (null: awaiting), awaits a mark]
  const rows: [string, unknown, HandMark | undefined, string | null, number | null, boolean][] = [
    ['no answer', null, undefined, null, 0, false],
    ['an empty text needs no mark', '', undefined, null, 0, false],
    ['spaces and line breaks only are not written', '  \n\t ', undefined, null, 0, false],
    ['a written answer awaits its mark', 'An essay of words.', undefined, null, null, true],
    ['marked full', 'An essay of words.', mark(10), null, 10, false],
    ['marked zero', 'An essay of words.', mark(0), null, 0, false],
    ['marked in part', 'An essay of words.', mark(6.5, 'Good start'), null, 6.5, false],
    [
      'a mark above the points (after a key fix lowered them) counts the points',
      'Words here.',
      mark(12),
      null,
      10,
      false,
    ],
    ['a negative mark counts 0', 'Words here.', mark(-1), null, 0, false],
    ['a mark on an empty answer is ignored', '', mark(5), null, 0, false],
    ['line breaks are kept and count as written', 'One\nTwo\r\nThree', undefined, null, null, true],
    ['below the minimum words is still kept and awaits', 'Two words', undefined, null, null, true],
    ['above the maximum words is still kept and awaits', 'word '.repeat(80), undefined, null, null, true],
    ['the longest essay', 'x'.repeat(ESSAY_CHARACTERS), undefined, null, null, true],
    ['one character past the longest is refused', 'x'.repeat(ESSAY_CHARACTERS + 1), undefined, 'sendEssay', 0, false],
    ['a number is refused', 42, undefined, 'sendEssay', 0, false],
    ['a list is refused', ['a'], undefined, 'sendEssay', 0, false],
    ['parts are refused', { a: 'b' }, undefined, 'sendEssay', 0, false],
  ];
  it.each(rows)('%s', (_name, value, given, problem, score, awaits) => {
    if (value !== null) expect(essay.valueProblem(question, value as never)).toBe(problem);
    expect(questionScore(question, value as never, given)).toBe(score);
    expect(awaitsMark(question, value as never, given)).toBe(problem === null && awaits);
  });

  it('is never marked by a function: its credit is 0 and the review shows no key', () => {
    expect(essay.credit(question, 'A perfect essay.')).toBe(0);
    expect(essay.correctAnswer(question, 'en')).toBe('');
    expect(essay.handMarked).toBe(true);
  });

  it('shows its word limits to the taker, and nothing when it has none', () => {
    const present = { text: () => '', option: () => ({ id: '', text: '' }) };
    expect(essay.shown?.(question, present)).toEqual({ min_words: 3, max_words: 50 });
    const plain = essay.struct.create({ ...common, type: 'essay' });
    expect(essay.shown?.(plain, present)).toEqual({});
  });

  it('makes sample answers that are written text over lines', () => {
    for (const random of [() => 0, () => 0.5, () => 0.999]) {
      const value = sampleAnswer({ type: 'essay' }, random);
      expect(essay.valueProblem(question, value)).toBeNull();
      expect(typeof value === 'string' && value.includes('\n')).toBe(true);
    }
  });

  it('refuses word limits that are not whole numbers from 1 to 5000', () => {
    for (const bad of [0, -3, 2.5, 5001]) {
      expect(() => create({ ...common, type: 'essay', min_words: bad }, essay.struct)).toThrow(StructError);
    }
  });

  it('names a minimum above the maximum at the maximum', () => {
    const said: [string, string][] = [];
    const check = { problem: (field: string, key: string) => said.push([field, key]), localized: () => {} };
    essay.fileProblems?.({ ...question, min_words: 60, max_words: 50 }, check);
    essay.fileProblems?.(question, check);
    expect(said).toEqual([['max_words', 'wordLimits']]);
  });
});

describe('counting words', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['one', 1],
    ['one two  three', 3],
    ['Line one\nline two', 4],
    ['Київ — столиця України.', 3],
    ['Зелена-Гура і Łódź', 3],
    ["don't stop", 2],
    ['It costs 3,14 or 2.5 zł', 6],
    ['«Quoted», (bracketed) — dashed!', 3],
    ['emoji 🙂 are not words', 4],
  ])('%j has %i words', (text, words) => {
    expect(wordCount(text)).toBe(words);
  });

  it('says where a count stands against the limits', () => {
    expect(wordLimitState({ min_words: 3, max_words: 5 }, 2)).toBe('below');
    expect(wordLimitState({ min_words: 3, max_words: 5 }, 3)).toBe('within');
    expect(wordLimitState({ min_words: 3, max_words: 5 }, 6)).toBe('above');
    expect(wordLimitState({}, 10_000)).toBe('within');
  });
});
