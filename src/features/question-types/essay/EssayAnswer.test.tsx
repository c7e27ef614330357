import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerValue, TakerQuestion } from '../../../../contract/index.ts';
import { TYPING_PAUSE_MS } from '../../../shared/forms/use-commit-on-pause.ts';
import { renderWithI18n } from '../../../test/render.tsx';
import { AttemptScope } from '../attempt-scope.ts';
import { EssayAnswer } from './EssayAnswer.tsx';
import { readEssayDraft, writeEssayDraft } from './essay-draft.ts';

const ATTEMPT = '11111111-2222-4333-8444-555555555555';
const question: TakerQuestion = {
  id: 'e1',
  type: 'essay',
  text: 'Describe Kyiv',
  points: 5,
  min_words: 3,
  max_words: 6,
};

function setup(value: AnswerValue | undefined) {
  const onAnswer = vi.fn<(value: AnswerValue) => void>();
  const view = renderWithI18n(
    <AttemptScope.Provider value={ATTEMPT}>
      <EssayAnswer question={question} value={value} onAnswer={onAnswer} />
    </AttemptScope.Provider>,
  );
  return { onAnswer, box: screen.getByRole('textbox', { name: 'Your answer' }), view };
}

const type = (box: HTMLElement, text: string) => fireEvent.change(box, { target: { value: text } });

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('the essay input', () => {
  it('keeps each keystroke on the device at once, and sends the latest text once typing pauses', () => {
    vi.useFakeTimers();
    const { onAnswer, box } = setup(undefined);
    type(box, 'Kyiv');
    type(box, 'Kyiv lies');
    type(box, 'Kyiv lies on\nthe Dnipro');
    expect(readEssayDraft(ATTEMPT, 'e1')).toBe('Kyiv lies on\nthe Dnipro');
    expect(onAnswer).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(TYPING_PAUSE_MS));
    expect(onAnswer.mock.calls).toEqual([['Kyiv lies on\nthe Dnipro']]);
  });

  it('sends at least every ten seconds while typing never pauses, and on leaving the field', () => {
    vi.useFakeTimers();
    const { onAnswer, box } = setup(undefined);
    for (let n = 1; n <= 12; n++) {
      type(box, 'word '.repeat(n));
      act(() => vi.advanceTimersByTime(900));
    }
    expect(onAnswer).toHaveBeenCalledTimes(1);
    type(box, 'the end');
    fireEvent.blur(box);
    expect(onAnswer).toHaveBeenLastCalledWith('the end');
  });

  it('sends what is left when the page is hidden or left (a reload, a closed tab)', () => {
    const { onAnswer, box } = setup(undefined);
    type(box, 'Almost lost');
    window.dispatchEvent(new Event('pagehide'));
    expect(onAnswer).toHaveBeenLastCalledWith('Almost lost');
  });

  it('after a reload shows the text kept on the device and sends it, if the answer store lacks it', () => {
    writeEssayDraft(ATTEMPT, 'e1', 'Typed before the reload');
    const { onAnswer, box } = setup('Typed before');
    expect(box).toHaveProperty('value', 'Typed before the reload');
    expect(onAnswer).toHaveBeenLastCalledWith('Typed before the reload');
  });

  it('lets the device’s copy go once the answer store holds the same text', () => {
    writeEssayDraft(ATTEMPT, 'e1', 'Same');
    const { onAnswer } = setup('Same');
    expect(readEssayDraft(ATTEMPT, 'e1')).toBeNull();
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('counts words against the limits, in words and not by colour alone', () => {
    const { box } = setup(undefined);
    expect(screen.getByText(/0 words/).closest('p')?.textContent).toBe('0 words (3 to 6 words)');
    type(box, 'Kyiv is old');
    expect(screen.getByText(/3 words/).closest('p')?.textContent).toBe('3 words (3 to 6 words)');
    type(box, 'one two three four five six seven');
    expect(screen.getByText(/7 words/).closest('p')?.textContent).toBe('7 words (3 to 6 words) · more than asked');
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByText(/7 words/).closest('p')?.id);
  });
});
