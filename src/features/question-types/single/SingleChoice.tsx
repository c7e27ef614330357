import { RichText } from '../../../shared/ui/rich-text/RichText.tsx';
import { TestImage } from '../../../shared/ui/TestImage.tsx';
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
          <span className="choice__text">
            <RichText text={option.text} />
            {option.image && <TestImage image={option.image} className="choice__image" />}
          </span>
        </label>
      ))}
    </div>
  );
}
