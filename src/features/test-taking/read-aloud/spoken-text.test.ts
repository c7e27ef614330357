import { describe, expect, it } from 'vitest';
import type { TakerQuestion } from '../../../../contract/index.ts';
import { speakable, spokenText } from './spoken-text.ts';

const words = {
  question: (n: number) => `Question ${n}.`,
  picture: (alt: string) => `Picture: ${alt}`,
  gap: (n: number) => `gap ${n}`,
  prompts: 'Match each of these:',
  options: 'Options:',
};

describe('what read-aloud says of a question', () => {
  it('says a choice question’s number, text, picture and options in their order', () => {
    const q: TakerQuestion = {
      id: 'q1',
      type: 'single',
      text: 'Which is the capital of Ukraine?',
      points: 1,
      image: { url: '/x', alt: 'a map' },
      options: [
        { id: 'a', text: 'Kyiv' },
        { id: 'b', text: 'Lviv' },
      ],
    };
    expect(spokenText(q, 3, words)).toBe(
      'Question 3. Which is the capital of Ukraine? Picture: a map. Options: 1. Kyiv. 2. Lviv.',
    );
  });

  it('says each gap of a passage as a gap, with a choice gap’s options, and a matching’s prompts', () => {
    const gaps: TakerQuestion = {
      id: 'q2',
      type: 'gaps',
      text: 'Fill in the gaps',
      points: 2,
      passage: 'Kyiv stands on the [[river]] and was founded in [[year]].',
      gaps: [
        {
          id: 'river',
          kind: 'choice',
          options: [
            { id: 'd', text: 'Dnipro' },
            { id: 'v', text: 'Vistula' },
          ],
        },
        { id: 'year', kind: 'number' },
      ],
    };
    expect(spokenText(gaps, 1, words)).toBe(
      'Question 1. Fill in the gaps. Kyiv stands on the gap 1 (Dnipro; Vistula) and was founded in gap 2.',
    );
    const matching: TakerQuestion = {
      id: 'q3',
      type: 'matching',
      text: 'Match',
      points: 2,
      prompts: [{ id: 'p', text: 'Paris' }],
      options: [{ id: 'f', text: 'France' }],
    };
    expect(spokenText(matching, 2, words)).toBe(
      'Question 2. Match. Match each of these: 1. Paris. Options: 1. France.',
    );
  });

  it('says a formula as its TeX without the delimiters', () => {
    expect(speakable('Solve \\(x^2 = 4\\) now\n\\[y\\]')).toBe('Solve x^2 = 4 now y');
  });
});
