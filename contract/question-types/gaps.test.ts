/** Gaps in running text marked gap by gap (issue 47; the type is not in the registry yet). */
import { describe, expect, it } from 'vitest';
import { type GapsQuestion, gaps, markersIn } from './gaps.ts';
import { table } from './scoring-table.ts';

const question: GapsQuestion = {
  id: 'q1',
  type: 'gaps',
  points: 3,
  text: { en: 'Fill in the gaps' },
  passage: { en: 'Paris is in [[country]]; 2 + 2 = [[sum]]; the Seine flows into the [[sea]].' },
  gaps: [
    { id: 'country', kind: 'text', accepted: { en: ['France'] }, case_sensitive: false },
    { id: 'sum', kind: 'number', correct: 4, tolerance: 0 },
    {
      id: 'sea',
      kind: 'choice',
      options: [
        { id: 'a', text: { en: 'English Channel' } },
        { id: 'b', text: { en: 'Baltic Sea' } },
      ],
      correct: 'a',
    },
  ],
};
const cased: GapsQuestion = {
  ...question,
  gaps: [{ id: 'country', kind: 'text', accepted: { en: ['France'] }, case_sensitive: true }],
  passage: { en: 'Paris is in [[country]].' },
};

describe('gaps', () => {
  table(question, [
    ['every gap right', { country: 'France', sum: 4, sea: 'a' }, null, 1],
    ['case and spaces aside', { country: '  france ', sum: 4, sea: 'a' }, null, 1],
    ['two of three', { country: 'France', sum: 5, sea: 'a' }, null, 2 / 3],
    ['one of three, two left open', { sea: 'a' }, null, 1 / 3],
    ['nothing filled', {}, null, 0],
    ['no answer', null, null, 0],
    ['an empty typed gap', { country: '', sum: 4, sea: 'a' }, null, 2 / 3],
    ['the other option', { country: 'France', sum: 4, sea: 'b' }, null, 2 / 3],
    ['a gap that is not there', { country: 'France', ocean: 'a' }, 'noSuchGap', 0],
    ['an option that is not there', { sea: 'z' }, 'noSuchOption', 0],
    ['a text in the number gap', { sum: '4' }, 'gapOfOtherKind', 0],
    ['a number in the typed gap', { country: 4 }, 'gapOfOtherKind', 0],
    ['a list instead of gaps', ['France', '4'], 'sendGaps', 0],
    ['a number', 4, 'sendGaps', 0],
    ['a gap named like an object’s own key', { toString: 'a' }, 'noSuchGap', 0],
  ]);
});

describe('gaps, case kept', () => {
  table(cased, [
    ['the right case', { country: 'France' }, null, 1],
    ['another case', { country: 'france' }, null, 0],
  ]);
});

/** A bank's Cloze question of weights 1, 2 and 1 (`{1:…}{2:…}{1:…}`): the number gap is half of it. */
const weighted: GapsQuestion = {
  ...question,
  points: 4,
  gaps: question.gaps.map((gap) => (gap.id === 'sum' ? { ...gap, weight: 2 } : gap)),
};

describe('gaps, weighted', () => {
  table(weighted, [
    ['every gap right', { country: 'France', sum: 4, sea: 'a' }, null, 1],
    ['the heavy gap alone', { sum: 4 }, null, 1 / 2],
    ['a light gap alone', { country: 'France' }, null, 1 / 4],
    ['all but the heavy gap', { country: 'France', sum: 5, sea: 'a' }, null, 1 / 2],
  ]);
});

describe('gaps, gap by gap', () => {
  it('credits each gap on its own, reads a passage’s markers and an answer as people read it', () => {
    expect(gaps.partCredits?.(question, { country: 'France', sea: 'b' })).toEqual({ country: 1, sum: 0, sea: 0 });
    expect(gaps.parts?.(question).map((part) => part.text.en)).toEqual([
      'Paris is in ___',
      '…2 + 2 = ___',
      '…Seine flows into the ___',
    ]);
    expect(markersIn('a [[x]] b [[y-2]] c [[x]]')).toEqual(['x', 'y-2', 'x']);
    const shown = {
      gaps: [{ id: 'country' }, { id: 'sum' }, { id: 'sea', options: [{ id: 'a', text: 'English Channel' }] }],
    };
    expect(gaps.readable(shown, { country: 'France', sea: 'a' })).toBe('1. France; 2. —; 3. English Channel');
    expect(gaps.correctAnswer(question, 'en')).toEqual({ country: 'France', sum: 4, sea: 'a' });
  });

  it('finds a passage whose markers do not name each gap once', () => {
    const problems: [string, string][] = [];
    const check = { problem: (field: string, key: string) => problems.push([field, key]), localized: () => {} };
    gaps.fileProblems?.({ ...question, passage: { en: 'Only [[country]] and [[country]] and [[ocean]].' } }, check);
    expect(problems).toEqual([['passage.en', 'gapMarkers']]);
    problems.length = 0;
    gaps.fileProblems?.(question, check);
    expect(problems).toEqual([]);
  });
});
