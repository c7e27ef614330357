import { OptionContent } from '../choice/OptionContent.tsx';
import type { AnswerInputProps } from '../parts.ts';

/** One option: radios, sent the moment one is picked. */
export function SingleChoice({ question, value, onAnswer }: AnswerInputProps) {
  const name = `question-${question.id}`;
  return (
    <div className="choices">
      {(question.options ?? []).map((option) => (
        <label className="choice" key={option.id}>
          <input
            type="radio"
            name={name}
            value={option.id}
            checked={value === option.id}
            onChange={() => onAnswer(option.id)}
          />
          <OptionContent option={option} className="choice__text" />
        </label>
      ))}
    </div>
  );
}
