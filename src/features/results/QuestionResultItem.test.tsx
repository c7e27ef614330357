import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuestionResult } from '../../../contract/index.ts';
import { renderWithI18n } from '../../test/render.tsx';
import { QuestionResultItem } from './QuestionResultItem.tsx';

const question: QuestionResult = {
  id: 'q1',
  type: 'single',
  text: 'Half of 8?',
  points: 1,
  score: 0,
  correct: false,
  answered: true,
  given: 'b',
  correct_answer: 'a',
  options: [
    { id: 'a', text: '4' },
    { id: 'b', text: '2' },
  ],
  explanation: 'Eight split in two.',
  late_ms: null,
};

describe('a question of the results', () => {
  it('marks the answer and shows the key when everything is shown', () => {
    renderWithI18n(<QuestionResultItem question={question} number={1} />);
    screen.getByText('Incorrect');
    screen.getByText('Correct answer');
    screen.getByText('Eight split in two.');
  });

  it('shows only the taker’s answer where the tutor shows answers without marking them', () => {
    const unmarked = { ...question, score: null, correct: null, correct_answer: null, explanation: null };
    const { container } = renderWithI18n(<QuestionResultItem question={unmarked} number={1} />);
    screen.getByText('Your answer');
    screen.getByText('2');
    for (const hidden of ['Incorrect', 'Correct', 'Partly correct', 'Correct answer', '4']) {
      expect(screen.queryByText(hidden)).toBeNull();
    }
    expect(container.textContent).not.toMatch(/point/);
  });
});
