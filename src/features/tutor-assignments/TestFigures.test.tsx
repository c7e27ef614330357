import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TestSummary } from '../../../contract/assignments.ts';
import { TestFigures } from './TestFigures.tsx';

const figures: TestSummary = {
  attempts: 8,
  positions: 4,
  max_score: 4,
  mean: 2.25,
  median: 2.5,
  sd: Math.sqrt(23 / 14),
  alpha: 10 / 23,
  kr20: 10 / 23,
  sem: Math.sqrt(13 / 14),
  percents: [0, 25, 50, 50, 75, 75, 75, 100],
};

const shown = (test: TestSummary, finished = test.attempts) =>
  render(
    <I18nProvider i18n={i18n}>
      <TestFigures test={test} finished={finished} />
    </I18nProvider>,
  );

describe('the test’s figures', () => {
  it('shows mean, median, deviation, alpha, KR-20 and the standard error, and the distribution as a table too', () => {
    shown(figures);
    const list = screen.getByTestId('test-figures');
    const value = (term: string) => within(list).getByText(term).nextElementSibling?.textContent;
    expect(value('Mean score')).toBe('2.25 of 4 points');
    expect(value('Median')).toBe('2.5 of 4 points');
    expect(value('Standard deviation')).toBe('1.28');
    expect(value('Cronbach’s alpha')).toBe('0.43');
    expect(value('KR-20')).toBe('0.43');
    expect(value('Standard error of measurement')).toBe('± 0.96 of 4 points');
    // The chart is drawn for eyes; its counts are a table for screen readers.
    const table = screen.getByRole('table', { name: 'Attempts by score' });
    expect(within(table).getByRole('rowheader', { name: '70–79 %' }).nextElementSibling?.textContent).toBe('3');
  });

  it('leaves KR-20 out where questions earn part of their points, and says why alpha is missing', () => {
    shown({ ...figures, attempts: 1, kr20: null, alpha: null, sem: null, sd: null, percents: [50] }, 3);
    expect(screen.queryByText('KR-20')).toBeNull();
    expect(screen.getByTestId('test-alpha').textContent).toBe('—');
    expect(screen.getByText('Alpha needs at least two counted attempts whose scores differ.')).toBeTruthy();
    expect(screen.getByText(/Over 1 of 3 finished attempts/)).toBeTruthy();
  });
});
