import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LESSON_LIMITS } from '../../../../contract/content.ts';
import type { DraftQuestion } from '../../../../contract/tutor-tests.ts';
import { freeKey, moved } from '../../../shared/ui/reorder/list-edits.ts';
import { MoveButtons } from '../../../shared/ui/reorder/MoveButtons.tsx';
import { ReorderItem } from '../../../shared/ui/reorder/ReorderItem.tsx';
import { fieldId, focusField } from '../../tutor-tests/editor/field-id.ts';
import { ImagePicker } from '../../tutor-tests/editor/ImagePicker.tsx';
import { LanguageTexts } from '../../tutor-tests/editor/LanguageTexts.tsx';
import type { AnswersProps } from '../parts.ts';

export const optionLetter = (index: number) => String.fromCharCode(65 + index);

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

type DraftItem = NonNullable<DraftQuestion['options']>[number];

/** A list of a question other than its options (a matching's prompts), in the editor's words. */
export interface ItemList {
  field: 'options' | 'prompts';
  legend: string;
  /** "Option B of Question 3", "Prompt 2 of Question 3". */
  itemName(index: number): string;
  addLabel: string;
  /** The prefix of a new item's id. */
  prefix: string;
  max: number;
  /** What each item shows beside its texts (a prompt's answer). */
  extra?(item: DraftItem, itemName: string): ReactNode;
}

/**
 * A question's options (or another list of it), each in every language, reordered and removed by
 * keyboard or pointer; with `choice`, the correct ones marked.
 */
export function OptionsEditor({
  question,
  path,
  name,
  languages,
  onChange,
  announce,
  choice,
  list,
}: AnswersProps & { choice?: ChoiceKey; list?: ItemList }) {
  const { t } = useLingui();
  const field = list?.field ?? 'options';
  const items = question[field] ?? [];
  const setItems = (next: DraftItem[], more: Partial<DraftQuestion> = {}) =>
    onChange({ ...question, ...more, [field]: next });
  const itemName = list?.itemName ?? ((index: number) => t`Option ${optionLetter(index)} of ${name}`);
  const correct = choice?.correct(question) ?? [];
  const add = () => {
    const id = freeKey(
      list?.prefix ?? 'o',
      items.map((o) => o.id),
    );
    setItems([...items, { id, text: {} }]);
    focusField(`${path}.${field}.${items.length}.text.${languages[0]}`);
  };
  const legend =
    list?.legend ?? (choice?.one ? t`Options (mark the correct one)` : t`Options (mark every correct one)`);
  return (
    <fieldset className="question-editor__answers" id={fieldId(`${path}.${field}`)}>
      <legend>{legend}</legend>
      <ol className="option-list">
        {items.map((item, index) => {
          const optionName = itemName(index);
          return (
            <ReorderItem
              as="li"
              key={item.id}
              className="option-list__item"
              list={`${path}.${field}`}
              index={index}
              onMove={(from, to) => {
                setItems(moved(items, from, to));
                const position = to + 1;
                const count = items.length;
                const dragged = itemName(from);
                announce(t`${dragged} moved to position ${position} of ${count}`);
              }}
            >
              <div className="option-list__head">
                {choice && (
                  <label className="option-list__correct">
                    <input
                      type={choice.one ? 'radio' : 'checkbox'}
                      name={`${path}-correct`}
                      checked={correct.includes(item.id)}
                      onChange={(event) => onChange(choice.mark(question, item.id, event.currentTarget.checked))}
                    />
                    {t`${optionName} is correct`}
                  </label>
                )}
                <MoveButtons
                  list={`${path}.${field}`}
                  name={optionName}
                  itemKey={`${path}.${field}.${item.id}`}
                  index={index}
                  count={items.length}
                  announce={announce}
                  onMove={(from, to) => setItems(moved(items, from, to))}
                  onRemove={
                    items.length > 2
                      ? () =>
                          setItems(
                            items.filter((o) => o.id !== item.id),
                            removedKeys(question, field, item.id),
                          )
                      : undefined
                  }
                />
              </div>
              <LanguageTexts
                label={optionName}
                path={`${path}.${field}.${index}.text`}
                value={item.text}
                languages={languages}
                onChange={(text) => setItems(items.map((o) => (o.id === item.id ? { ...o, text } : o)))}
              />
              <ImagePicker
                image={item.image}
                path={`${path}.${field}.${index}`}
                name={optionName}
                languages={languages}
                onChange={(image) => setItems(items.map((o) => (o.id === item.id ? { ...o, image } : o)))}
              />
              {list?.extra?.(item, optionName)}
            </ReorderItem>
          );
        })}
      </ol>
      {choice && (
        <p id={fieldId(`${path}.${choice.field}`)} className="visually-hidden" tabIndex={-1}>
          {choice.one ? t`The correct option of ${name}` : t`The correct options of ${name}`}
        </p>
      )}
      {items.length < (list?.max ?? LESSON_LIMITS.options) && (
        <button type="button" className="button button--secondary" onClick={add}>
          {list?.addLabel ?? t`Add an option to ${name}`}
        </button>
      )}
    </fieldset>
  );
}

/** The keys that named a removed item, without it: every type's (a draft keeps other types' fields). */
function removedKeys(question: DraftQuestion, field: ItemList['field'], id: string): Partial<DraftQuestion> {
  const { correct_option, correct_options, matches } = question;
  if (field === 'prompts') {
    const { [id]: _gone, ...kept } = matches ?? {};
    return { matches: kept };
  }
  return {
    correct_option: correct_option === id ? null : correct_option,
    correct_options: correct_options?.filter((c) => c !== id),
    matches: matches && Object.fromEntries(Object.entries(matches).filter(([, option]) => option !== id)),
  };
}
