import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../../contract/locale.ts';
import { renderWithI18n } from '../../../test/render.tsx';
import { TYPING_PAUSE_MS } from '../use-commit-on-pause.ts';
import { NumberInput, type NumberInputProps } from './NumberInput.tsx';

type Props = Partial<Omit<NumberInputProps, 'onValue'>>;

/** The field as a form holds it: the value it gets is the last one it handed on. */
function Harness({
  start = null,
  onValue,
  ...props
}: Props & { start?: number | null; onValue: (v: number | null) => void }) {
  const [value, setValue] = useState<number | null>(start);
  return (
    <>
      <label htmlFor="n">Amount</label>
      <NumberInput
        id="n"
        {...props}
        value={value}
        onValue={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
      <button type="button" onClick={() => setValue(42)}>
        Set elsewhere
      </button>
    </>
  );
}

function setup(locale: Locale, props: Props & { start?: number | null } = {}) {
  const onValue = vi.fn<(v: number | null) => void>();
  renderWithI18n(<Harness {...props} onValue={onValue} />, { locale });
  const input = screen.getByRole('textbox', { name: 'Amount' });
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  return { onValue, input, type };
}

afterEach(() => vi.useRealTimers());

describe('NumberInput', () => {
  it.each<[Locale, string]>([
    ['uk', '0,75'],
    ['ru', '0,75'],
    ['pl', '0,75'],
    ['en', '0.75'],
  ])('in %s hands on 0.75 typed with a comma and shows it back as %s', (locale, shown) => {
    const { onValue, input, type } = setup(locale);
    expect(input).toHaveProperty('type', 'text');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    type('0,75');
    expect(onValue).toHaveBeenLastCalledWith(0.75);
    fireEvent.blur(input);
    expect(input).toHaveProperty('value', shown);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('writes grouped thousands back in the interface language', () => {
    const { onValue, input, type } = setup('pl');
    type('12\u202f345.5');
    fireEvent.blur(input);
    expect(onValue).toHaveBeenLastCalledWith(12345.5);
    expect(input).toHaveProperty('value', '12\u00a0345,5');
  });

  it('says at the field what it cannot read, in words, and hands nothing on', () => {
    const { onValue, input, type } = setup('uk');
    type('1,2,3');
    expect(screen.queryByText(/Enter a number/)).toBeNull();
    fireEvent.blur(input);
    expect(onValue).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByText('Enter a number, such as 2,5.');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    expect(input).toHaveProperty('value', '1,2,3');
    type('1,5');
    expect(onValue).toHaveBeenLastCalledWith(1.5);
    expect(screen.queryByText('Enter a number, such as 2,5.')).toBeNull();
  });

  it('names an ambiguous number as such', () => {
    const { onValue, input, type } = setup('ru');
    type('1,000.5');
    fireEvent.blur(input);
    expect(onValue).not.toHaveBeenCalled();
    screen.getByText('Use one decimal separator and spaces between thousands, such as 1 000,5.');
  });

  it('holds a whole-number field to its range', () => {
    const { onValue, input, type } = setup('en', { whole: true, min: 1, max: 10, start: 3 });
    expect(input.getAttribute('inputmode')).toBe('numeric');
    type('2.5');
    fireEvent.blur(input);
    screen.getByText('Enter a whole number.');
    type('11');
    fireEvent.blur(input);
    screen.getByText('Enter a number from 1 to 10.');
    expect(onValue).not.toHaveBeenCalled();
    type('');
    fireEvent.blur(input);
    screen.getByText('Enter a whole number, such as 12.');
  });

  it('hands on null for an emptied field whose empty means none', () => {
    const { onValue, input, type } = setup('en', { empty: 'null', start: 4 });
    type('');
    fireEvent.blur(input);
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a value changed elsewhere', () => {
    const { input } = setup('uk', { start: 2.5 });
    expect(input).toHaveProperty('value', '2,5');
    fireEvent.click(screen.getByRole('button', { name: 'Set elsewhere' }));
    expect(input).toHaveProperty('value', '42');
  });

  it('with commit "pause", hands on once typing pauses, never per keystroke', () => {
    vi.useFakeTimers();
    const { onValue, type } = setup('pl', { commit: 'pause', empty: 'nothing' });
    type('3');
    type('3,');
    type('3,5');
    expect(onValue).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(TYPING_PAUSE_MS + 10);
    });
    expect(onValue).toHaveBeenCalledTimes(1);
    expect(onValue).toHaveBeenLastCalledWith(3.5);
    type('');
    act(() => {
      vi.advanceTimersByTime(TYPING_PAUSE_MS + 10);
    });
    expect(onValue).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('paragraph')).toBeNull();
  });

  it('keeps its form from submitting while its text does not read, and says why', () => {
    const onValue = vi.fn();
    renderWithI18n(
      <form>
        <label htmlFor="m">Minutes</label>
        <NumberInput id="m" whole min={1} max={600} value={5} onValue={onValue} />
      </form>,
      { locale: 'uk' },
    );
    const input = screen.getByRole('textbox', { name: 'Minutes' }) as HTMLInputElement;
    const form = input.closest('form') as HTMLFormElement;
    expect(form.checkValidity()).toBe(true);
    fireEvent.change(input, { target: { value: '5 хв' } });
    expect(screen.queryByText('Enter a whole number, such as 12.')).toBeNull();
    // A submit checks validity first: the invalid field says why at its place.
    act(() => {
      expect(form.checkValidity()).toBe(false);
    });
    expect(input.validationMessage).toBe('Enter a whole number, such as 12.');
    expect(screen.getByText('Enter a whole number, such as 12.').id).toBe('m-problem');
    fireEvent.change(input, { target: { value: '7' } });
    expect(form.checkValidity()).toBe(true);
    expect(onValue).toHaveBeenLastCalledWith(7);
  });
});
