import { useId } from 'react';
import { OptionContent } from '../choice/OptionContent.tsx';
import { OptionSelect } from '../choice/OptionSelect.tsx';
import type { AnswerInputProps } from '../parts.ts';
import './matching.css';

/** The pairs made so far: the value when it is pairs, else none. */
function pairsOf(value: AnswerInputProps['value']): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
  );
}

/**
 * Each prompt with a list to choose its answer from: a native select, so that a keyboard, a screen
 * reader and a phone each work as they always do. Choosing sends every pair made so far; choosing
 * nothing again leaves that prompt open.
 */
export function MatchingAnswer({ question, value, onAnswer }: AnswerInputProps) {
  const id = useId();
  const pairs = pairsOf(value);
  const choose = (prompt: string, option: string) => {
    const { [prompt]: _left, ...others } = pairs;
    onAnswer(option ? { ...others, [prompt]: option } : others);
  };
  return (
    <ol className="matching">
      {(question.prompts ?? []).map((prompt, at) => (
        <li className="matching__pair" key={prompt.id}>
          <label className="matching__prompt" htmlFor={`${id}-${at}`}>
            <OptionContent option={prompt} className="matching__text" />
          </label>
          <OptionSelect
            id={`${id}-${at}`}
            className="matching__select"
            options={question.options ?? []}
            value={pairs[prompt.id] ?? ''}
            onChoose={(option) => choose(prompt.id, option)}
          />
        </li>
      ))}
    </ol>
  );
}
