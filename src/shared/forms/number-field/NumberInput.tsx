import { type InputHTMLAttributes, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type NumberRules, parseNumber, writeNumber } from '../../../../contract/numbers.ts';
import { useLocale } from '../../../i18n/locale-context.tsx';
import { useCommitOnPause } from '../use-commit-on-pause.ts';
import { useNumberProblemText } from './number-problem-text.ts';

type Passed = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'inputMode' | 'min' | 'max'
>;

export interface NumberInputProps extends Passed, NumberRules {
  id: string;
  /** The number the field stands for now; null when empty. */
  value: number | null;
  /** A number read from what was typed (null when emptied, where `empty` is 'null'). */
  onValue: (value: number | null) => void;
  /** What an empty field means: null (handed on), nothing (an answer not given yet), or a problem. */
  empty?: 'null' | 'nothing' | 'problem';
  /**
   * When a number is handed on: `typing`, at every keystroke that makes one (a form, a draft that
   * saves by itself); `pause`, once typing pauses, on Enter or on leaving (an answer, sent as such).
   */
  commit?: 'typing' | 'pause';
}

/**
 * The one field for a number (not an input of type number, which drops a decimal comma: `0,75`
 * became 75 in three of our four languages). It takes what people type in any of our languages
 * (contract/numbers.ts), says at the field what it cannot read and hands nothing on for it, and on
 * leaving shows the number it handed on, written as the interface's language writes it. While its
 * text does not read, the form around it does not submit (the input's custom validity).
 */
export function NumberInput({
  id,
  value,
  onValue,
  empty = 'problem',
  commit = 'typing',
  whole,
  min,
  max,
  className = 'field__input field__input--number',
  ...passed
}: NumberInputProps) {
  const locale = useLocale();
  const problemText = useNumberProblemText();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => (value === null ? '' : writeNumber(value, locale)));
  // Whether the text's problem, if it has one, is said: from leaving the field until it reads.
  const [revealed, setRevealed] = useState(false);
  // The number the text stands for, as last handed on or received.
  const held = useRef(value);

  useEffect(() => {
    // A value changed elsewhere (a draft from the server, another device): show it.
    if (Object.is(value, held.current)) return;
    held.current = value;
    setText(value === null ? '' : writeNumber(value, locale));
    setRevealed(false);
  }, [value, locale]);

  const read = (typed: string) => {
    const parsed = parseNumber(typed, locale, { whole, min, max });
    if (parsed.ok || parsed.problem !== 'empty' || empty === 'problem') return parsed;
    return { ok: true, value: empty === 'null' ? null : undefined } as const;
  };
  const now = read(text);
  const message = now.ok ? null : problemText(now.problem, { whole, min, max });
  useLayoutEffect(() => input.current?.setCustomValidity(message ?? ''), [message]);

  /** Hands on what `typed` reads as, when it reads and differs from the number held. */
  const handOn = (typed: string): void => {
    const parsed = read(typed);
    if (!parsed.ok || parsed.value === undefined || Object.is(parsed.value, held.current)) return;
    held.current = parsed.value;
    onValue(parsed.value);
  };
  const paused = useCommitOnPause((typed) => {
    handOn(typed);
    setRevealed(true);
  });

  const visible = revealed && message !== null;
  const errorId = `${id}-problem`;
  const describedBy = [passed['aria-describedby'], visible ? errorId : null].filter(Boolean).join(' ');
  return (
    <>
      <input
        {...passed}
        ref={input}
        id={id}
        type="text"
        className={className}
        inputMode={whole && (min ?? -1) >= 0 ? 'numeric' : 'decimal'}
        autoComplete="off"
        spellCheck={false}
        value={text}
        aria-invalid={visible || undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          setText(typed);
          if (commit === 'pause') return paused.change(typed);
          handOn(typed);
          // A problem said stays said (and follows the text) until the text reads.
          if (read(typed).ok) setRevealed(false);
        }}
        onBlur={() => {
          paused.flush();
          handOn(text);
          setRevealed(true);
          if (now.ok && typeof now.value === 'number') setText(writeNumber(now.value, locale));
        }}
        onInvalid={() => setRevealed(true)}
        onKeyDown={(event) => {
          passed.onKeyDown?.(event);
          if (event.key !== 'Enter' || commit !== 'pause') return;
          event.preventDefault();
          paused.flush();
          handOn(text);
          setRevealed(true);
        }}
      />
      {visible && (
        <p id={errorId} className="field__error">
          {message}
        </p>
      )}
    </>
  );
}
