import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ANSWER_PARTS } from '../../../../contract/answer-value.ts';
import { primaryOf } from '../../../../contract/localized.ts';
import { fieldId } from '../../tutor-tests/editor/field-id.ts';
import { freshOptions } from '../choice/fresh-options.ts';
import { OptionsEditor, optionLetter } from '../choice/OptionsEditor.tsx';
import type { AnswersProps, EditingPart } from '../parts.ts';

/** The prompts, each with its right answer chosen from the answers; then the answers, distractors among them. */
function MatchingKey(props: AnswersProps) {
  const { t } = useLingui();
  const { question, path, name, onChange } = props;
  const options = question.options ?? [];
  const matches = question.matches ?? {};
  const choose = (prompt: string, option: string) => {
    const { [prompt]: _left, ...others } = matches;
    onChange({ ...question, matches: option ? { ...others, [prompt]: option } : others });
  };
  return (
    <>
      <OptionsEditor
        {...props}
        list={{
          field: 'prompts',
          legend: t`Prompts, each with its matching answer`,
          itemName: (index) => t`Prompt ${index + 1} of ${name}`,
          addLabel: t`Add a prompt to ${name}`,
          prefix: 'p',
          max: ANSWER_PARTS,
          extra(prompt, promptName) {
            const id = fieldId(`${path}.matches.${prompt.id}`);
            return (
              <div className="question-editor__row">
                <label htmlFor={id}>{t`Matching answer of ${promptName}`}</label>
                <select
                  id={id}
                  value={matches[prompt.id] ?? ''}
                  onChange={(e) => choose(prompt.id, e.currentTarget.value)}
                >
                  <option value="">{t`Choose…`}</option>
                  {options.map((option, at) => (
                    <option key={option.id} value={option.id}>
                      {`${optionLetter(at)}. ${primaryOf(option.text) ?? ''}`}
                    </option>
                  ))}
                </select>
              </div>
            );
          },
        }}
      />
      <p id={fieldId(`${path}.matches`)} className="visually-hidden" tabIndex={-1}>
        {t`The matching answers of ${name}`}
      </p>
      <OptionsEditor
        {...props}
        list={{
          field: 'options',
          legend: t`Answers to choose from (more than the prompts make distractors)`,
          itemName: (index) => t`Answer ${optionLetter(index)} of ${name}`,
          addLabel: t`Add an answer to ${name}`,
          prefix: 'o',
          max: 20,
        }}
      />
    </>
  );
}

export const matchingEditing: EditingPart = {
  label: msg`Matching`,
  fresh: () => ({
    prompts: [
      { id: 'p1', text: {} },
      { id: 'p2', text: {} },
    ],
    options: freshOptions(),
    matches: {},
  }),
  Answers: MatchingKey,
};
