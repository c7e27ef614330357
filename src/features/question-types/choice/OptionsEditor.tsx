import { useLingui } from '@lingui/react/macro';
import { LESSON_LIMITS } from '../../../../contract/content.ts';
import type { DraftQuestion } from '../../../../contract/tutor-tests.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { freeKey, moved } from './draft-edits.ts';
import { fieldId, focusField } from './field-id.ts';
import { ImagePicker } from './ImagePicker.tsx';
import { LanguageTexts } from './LanguageTexts.tsx';
import { MoveButtons } from './MoveButtons.tsx';
import { ReorderItem } from './ReorderItem.tsx';

const optionLetter = (index: number) => String.fromCharCode(65 + index);

/** What editing a question's answers needs: the question, where it is, and how to change and announce. */
export interface AnswersProps {
  question: DraftQuestion;
  path: string;
  name: string;
  languages: Locale[];
  onChange: (question: DraftQuestion) => void;
  announce: (text: string) => void;
}

/** A choice question's options, each in every language, with the correct ones marked. */
export function OptionsEditor({ question, path, name, languages, onChange, announce }: AnswersProps) {
  const { t } = useLingui();
  const options = question.options ?? [];
  const single = question.type === 'single';
  const correct = single
    ? question.correct_option
      ? [question.correct_option]
      : []
    : (question.correct_options ?? []);
  const setCorrect = (id: string, on: boolean) =>
    onChange(
      single
        ? { ...question, correct_option: on ? id : null }
        : {
            ...question,
            correct_options: on ? [...correct.filter((c) => c !== id), id] : correct.filter((c) => c !== id),
          },
    );
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
      <p
        id={fieldId(`${path}.${single ? 'correct_option' : 'correct_options'}`)}
        className="visually-hidden"
        tabIndex={-1}
      >
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
