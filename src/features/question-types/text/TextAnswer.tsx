import { useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { toLine } from '../../../../contract/text.ts';
import { useCommitOnPause } from '../../../shared/forms/use-commit-on-pause.ts';
import type { AnswerInputProps } from '../parts.ts';

/** A short written answer. */
export function TextAnswer({ value, onAnswer }: AnswerInputProps) {
  const { t } = useLingui();
  const id = useId();
  const initial = typeof value === 'string' ? value : '';
  const [draft, setDraft] = useState(initial);
  const sent = useRef(initial.trim());

  const { change, flush } = useCommitOnPause((text) => {
    // A pasted tab or control character would be refused by the server: it becomes a space here.
    const answer = toLine(text).trim();
    // An untouched empty field is no answer; emptying a saved one clears it.
    if (answer === sent.current) return;
    sent.current = answer;
    onAnswer(answer);
  });

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t`Your answer`}
      </label>
      <input
        id={id}
        className="field__input"
        type="text"
        autoComplete="off"
        spellCheck={false}
        maxLength={1000}
        value={draft}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          change(event.currentTarget.value);
        }}
        onBlur={flush}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            flush();
          }
        }}
      />
    </div>
  );
}
