import { useLingui } from '@lingui/react/macro';
import { LESSON_LIMITS } from '../../../../contract/content.ts';
import type { DraftQuestion } from '../../../../contract/tutor-tests.ts';
import { fieldId, focusField } from '../../tutor-tests/editor/field-id.ts';
import { ImagePicker } from '../../tutor-tests/editor/ImagePicker.tsx';
import { LanguageTexts } from '../../tutor-tests/editor/LanguageTexts.tsx';
import { freeKey, moved } from '../../tutor-tests/editor/list-edits.ts';
import { MoveButtons } from '../../tutor-tests/editor/MoveButtons.tsx';
import { ReorderItem } from '../../tutor-tests/editor/ReorderItem.tsx';
import type { AnswersProps } from '../parts.ts';

const optionLetter = (index: number) => String.fromCharCode(65 + index);

/** How a choice type keeps its key: what its own editing part gives the options editor. */
export interface ChoiceKey {
  /** One right option (radios) or several (checkboxes). */
  one: boolean;
  /** The draft field that holds the key, where a problem with it is shown. */
  field: 'correct_option' | 'correct_options';
  correct(question: DraftQuestion): string[];
  /** The question with option `id` marked right or not. */
  mark(question: DraftQuestion, id: string, on: boolean): DraftQuestion;
}

/** A choice question's options, each in every language, with the correct ones marked. */
export function OptionsEditor({
  question,
  path,
  name,
  languages,
  onChange,
  announce,
  choice,
}: AnswersProps & { choice: ChoiceKey }) {
  const { t } = useLingui();
  const options = question.options ?? [];
  const single = choice.one;
  const correct = choice.correct(question);
  const setCorrect = (id: string, on: boolean) => onChange(choice.mark(question, id, on));
  const add = () => {
    const id = freeKey(
      'o',
      options.map((o) => o.id),
    );
    onChange({ ...question, options: [...options, { id, text: {} }] });
    focusField(`${path}.options.${options.length}.text.${languages[0]}`);
  };
  return (
    <fieldset className="question-editor__answers" id={fieldId(`${path}.options`)}>
      <legend>{single ? t`Options (mark the correct one)` : t`Options (mark every correct one)`}</legend>
      <ol className="option-list">
        {options.map((option, index) => {
          const optionName = t`Option ${optionLetter(index)} of ${name}`;
          const isCorrect = correct.includes(option.id);
          return (
            <ReorderItem
              as="li"
              key={option.id}
              className="option-list__item"
              list={`${path}.options`}
              index={index}
              onMove={(from, to) => {
                onChange({ ...question, options: moved(options, from, to) });
                const position = to + 1;
                const count = options.length;
                const dragged = t`Option ${optionLetter(from)} of ${name}`;
                announce(t`${dragged} moved to position ${position} of ${count}`);
              }}
            >
              <div className="option-list__head">
                <label className="option-list__correct">
                  <input
                    type={single ? 'radio' : 'checkbox'}
                    name={`${path}-correct`}
                    checked={isCorrect}
                    onChange={(event) => setCorrect(option.id, event.currentTarget.checked)}
                  />
                  {t`${optionName} is correct`}
                </label>
                <MoveButtons
                  list={`${path}.options`}
                  name={optionName}
                  itemKey={`${path}.${option.id}`}
                  index={index}
                  count={options.length}
                  announce={announce}
                  onMove={(from, to) => onChange({ ...question, options: moved(options, from, to) })}
                  onRemove={
                    options.length > 2
                      ? () =>
                          onChange({
                            ...question,
                            options: options.filter((o) => o.id !== option.id),
                            correct_option: question.correct_option === option.id ? null : question.correct_option,
                            correct_options: question.correct_options?.filter((c) => c !== option.id),
                          })
                      : undefined
                  }
                />
              </div>
              <LanguageTexts
                label={optionName}
                path={`${path}.options.${index}.text`}
                value={option.text}
                languages={languages}
                onChange={(text) =>
                  onChange({ ...question, options: options.map((o) => (o.id === option.id ? { ...o, text } : o)) })
                }
              />
              <ImagePicker
                image={option.image}
                path={`${path}.options.${index}`}
                name={optionName}
                languages={languages}
                onChange={(image) =>
                  onChange({ ...question, options: options.map((o) => (o.id === option.id ? { ...o, image } : o)) })
                }
              />
            </ReorderItem>
          );
        })}
      </ol>
      <p id={fieldId(`${path}.${choice.field}`)} className="visually-hidden" tabIndex={-1}>
        {single ? t`The correct option of ${name}` : t`The correct options of ${name}`}
      </p>
      {options.length < LESSON_LIMITS.options && (
        <button type="button" className="button button--secondary" onClick={add}>
          {t`Add an option to ${name}`}
        </button>
      )}
    </fieldset>
  );
}
