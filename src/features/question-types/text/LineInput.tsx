import { type InputHTMLAttributes, useRef, useState } from 'react';
import { toLine } from '../../../../contract/text.ts';
import { useCommitOnPause } from '../../../shared/forms/use-commit-on-pause.ts';

type Passed = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'onBlur' | 'onKeyDown'>;

/**
 * A typed answer on one line (a short text answer, a gap of a passage): sent once typing pauses, on
 * Enter or on leaving the field, and only when it changed.
 */
export function LineInput({
  initial,
  onLine,
  ...passed
}: Passed & { initial: string; onLine: (line: string) => void }) {
  const [draft, setDraft] = useState(initial);
  const sent = useRef(initial.trim());

  const { change, flush } = useCommitOnPause((text) => {
    // A pasted tab or control character would be refused by the server: it becomes a space here.
    const answer = toLine(text).trim();
    // An untouched empty field is no answer; emptying a saved one clears it.
    if (answer === sent.current) return;
    sent.current = answer;
    onLine(answer);
  });

  return (
    <input
      {...passed}
      type="text"
      autoComplete="off"
      spellCheck={false}
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
  );
}
