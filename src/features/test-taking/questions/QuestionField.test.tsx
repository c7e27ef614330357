import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerValue, TakerQuestion } from '../../../../contract/index.ts';
import { TYPING_PAUSE_MS } from '../../../shared/forms/use-commit-on-pause.ts';
import { renderWithI18n } from '../../../test/render.tsx';
import { QuestionField } from './QuestionField.tsx';

const options = [
  { id: 'a', text: 'Kyiv' },
  { id: 'b', text: 'Lviv' },
  { id: 'c', text: 'Odesa' },
];

/** The field as a page uses it: the value it shows is the last one it reported. */
function Harness({ question, onAnswer }: { question: TakerQuestion; onAnswer: (value: AnswerValue) => void }) {
  const [value, setValue] = useState<AnswerValue | undefined>(undefined);
  return (
    <QuestionField
      question={question}
      number={1}
      value={value}
      status={value === undefined ? 'unanswered' : 'saved'}
      onAnswer={(next) => {
        setValue(next);
        onAnswer(next);
      }}
    />
  );
}

function setup(question: TakerQuestion) {
  const onAnswer = vi.fn<(value: AnswerValue) => void>();
  renderWithI18n(<Harness question={question} onAnswer={onAnswer} />);
  const group = screen.getByRole('group', { name: question.text });
  return { onAnswer, group };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('QuestionField', () => {
  it('names the group by the question text and shows its points', () => {
    const { group } = setup({ id: 'q', type: 'single', text: 'Capital of Ukraine?', points: 2, options });
    expect(group.tagName).toBe('FIELDSET');
    expect(group).toHaveProperty('textContent', expect.stringContaining('2 points'));
  });

  it('single: sends the picked option id', () => {
    const { onAnswer } = setup({ id: 'q', type: 'single', text: 'Capital of Ukraine?', points: 1, options });
    fireEvent.click(screen.getByRole('radio', { name: 'Kyiv' }));
    expect(onAnswer).toHaveBeenLastCalledWith('a');
    fireEvent.click(screen.getByRole('radio', { name: 'Odesa' }));
    expect(onAnswer).toHaveBeenLastCalledWith('c');
    expect(screen.getByRole('radio', { name: 'Odesa' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Kyiv' })).toHaveProperty('checked', false);
  });

  it('multiple: sends the ticked ids in option order', () => {
    const { onAnswer } = setup({ id: 'q', type: 'multiple', text: 'Cities by the sea?', points: 1, options });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Odesa' }));
    expect(onAnswer).toHaveBeenLastCalledWith(['c']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Kyiv' }));
    expect(onAnswer).toHaveBeenLastCalledWith(['a', 'c']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Odesa' }));
    expect(onAnswer).toHaveBeenLastCalledWith(['a']);
  });

  it('text: sends the trimmed text on blur, not per keystroke, and not twice', () => {
    const { onAnswer } = setup({ id: 'q', type: 'text', text: 'Longest river?', points: 1 });
    const input = screen.getByRole('textbox', { name: 'Your answer' });
    fireEvent.change(input, { target: { value: 'Dni' } });
    fireEvent.change(input, { target: { value: ' Dnipro ' } });
    expect(onAnswer).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer).toHaveBeenLastCalledWith('Dnipro');
    fireEvent.blur(input);
    expect(onAnswer).toHaveBeenCalledTimes(1);
  });

  it('text: sends on Enter', () => {
    const { onAnswer } = setup({ id: 'q', type: 'text', text: 'Longest river?', points: 1 });
    const input = screen.getByRole('textbox', { name: 'Your answer' });
    fireEvent.change(input, { target: { value: 'Dnipro' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onAnswer).toHaveBeenLastCalledWith('Dnipro');
  });

  it('text: sends once typing pauses', () => {
    vi.useFakeTimers();
    const { onAnswer } = setup({ id: 'q', type: 'text', text: 'Longest river?', points: 1 });
    const input = screen.getByRole('textbox', { name: 'Your answer' });
    fireEvent.change(input, { target: { value: 'Dnip' } });
    act(() => {
      vi.advanceTimersByTime(TYPING_PAUSE_MS - 100);
    });
    fireEvent.change(input, { target: { value: 'Dnipro' } });
    act(() => {
      vi.advanceTimersByTime(TYPING_PAUSE_MS - 100);
    });
    expect(onAnswer).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer).toHaveBeenLastCalledWith('Dnipro');
  });

  it('number: sends a number, decimals included', () => {
    const { onAnswer } = setup({ id: 'q', type: 'number', text: 'Half of 7?', points: 1 });
    const input = screen.getByRole('textbox', { name: 'Your answer (a number)' });
    fireEvent.change(input, { target: { value: '3.5' } });
    fireEvent.blur(input);
    expect(onAnswer).toHaveBeenLastCalledWith(3.5);
    expect(typeof onAnswer.mock.lastCall?.[0]).toBe('number');
  });
});
