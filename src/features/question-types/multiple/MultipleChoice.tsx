import { OptionContent } from '../choice/OptionContent.tsx';
import type { AnswerInputProps } from '../parts.ts';

/** Several options: checkboxes; the answer is the ticked ids in the order the options are shown. */
export function MultipleChoice({ question, value, onAnswer }: AnswerInputProps) {
  const options = question.options ?? [];
  const ticked = new Set(Array.isArray(value) ? value : []);

  const toggle = (id: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(id);
    else next.delete(id);
    onAnswer(options.map((option) => option.id).filter((optionId) => next.has(optionId)));
  };

  return (
    <div className="choices">
      {options.map((option) => (
        <label className="choice" key={option.id}>
          <input
            type="checkbox"
            value={option.id}
            checked={ticked.has(option.id)}
            onChange={(event) => toggle(option.id, event.currentTarget.checked)}
          />
          <OptionContent option={option} className="choice__text" />
        </label>
      ))}
    </div>
  );
}
