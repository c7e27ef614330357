import { useLingui } from '@lingui/react/macro';
import { useContext, useEffect, useId, useRef, useState } from 'react';
import { ESSAY_CHARACTERS, wordCount } from '../../../../contract/question-types/essay.ts';
import { useCommitOnPause } from '../../../shared/forms/use-commit-on-pause.ts';
import { AttemptScope } from '../attempt-scope.ts';
import type { AnswerInputProps } from '../parts.ts';
import { dropEssayDraft, readEssayDraft, writeEssayDraft } from './essay-draft.ts';
import { WordCount } from './WordCount.tsx';
import './essay.css';

/** The longest an essay written without a pause waits before its latest version is sent. */
const ESSAY_MAX_WAIT_MS = 10_000;

/**
 * An essay: a text over lines, its words counted as typed. Each keystroke is kept on the device at
 * once (essay-draft.ts); the answer itself, its latest version, is sent once typing pauses, at
 * least every ten seconds while it does not, on leaving the field and when the page is left.
 */
export function EssayAnswer({ question, value, onAnswer }: AnswerInputProps) {
  const { t } = useLingui();
  const id = useId();
  const attempt = useContext(AttemptScope);
  const stored = typeof value === 'string' ? value : '';
  const [draft, setDraft] = useState(() => readEssayDraft(attempt, question.id) ?? stored);
  const sent = useRef(stored);

  const { change, flush } = useCommitOnPause(
    (text) => {
      if (text === sent.current) return;
      sent.current = text;
      onAnswer(text);
    },
    { maxWaitMs: ESSAY_MAX_WAIT_MS },
  );

  // A text kept before a reload that the answer store never got is sent now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for what the page held before.
  useEffect(() => {
    if (draft !== stored) {
      change(draft);
      flush();
    }
  }, []);

  // Once the answer store holds the text, the page's own copy is not needed.
  useEffect(() => {
    if (readEssayDraft(attempt, question.id) === stored) dropEssayDraft(attempt, question.id);
  }, [attempt, question.id, stored]);

  const countId = `${id}-count`;
  return (
    <div className="field essay">
      <label className="field__label" htmlFor={id}>
        {t`Your answer`}
      </label>
      <textarea
        id={id}
        className="field__input essay__text"
        rows={10}
        maxLength={ESSAY_CHARACTERS}
        spellCheck
        value={draft}
        aria-describedby={countId}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setDraft(text);
          writeEssayDraft(attempt, question.id, text);
          change(text);
        }}
        onBlur={flush}
      />
      <WordCount id={countId} words={wordCount(draft)} min_words={question.min_words} max_words={question.max_words} />
    </div>
  );
}
