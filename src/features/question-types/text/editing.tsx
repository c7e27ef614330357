import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { LESSON_LIMITS } from '../../../../contract/content.ts';
import { fieldId } from '../../tutor-tests/editor/field-id.ts';
import { useLanguageNames } from '../../tutor-tests/editor/language-names.ts';
import type { AnswersProps, EditingPart } from '../parts.ts';

/** The accepted answers in each of the test's languages, one per line. */
export function AcceptedAnswers({ question, path, languages, onChange }: AnswersProps) {
  const { t } = useLingui();
  const names = useLanguageNames();
  return (
    <fieldset className="question-editor__answers" id={fieldId(`${path}.accepted`)}>
      <legend>{t`Accepted answers, one per line`}</legend>
      {languages.map((language) => {
        const id = fieldId(`${path}.accepted.${language}`);
        const list = question.accepted?.[language] ?? [];
        return (
          <div className="language-texts__field" key={language}>
            <label htmlFor={id}>
              {t`Accepted answers`} <span className="language-texts__tag">({names[language]})</span>
            </label>
            <textarea
              id={id}
              lang={language}
              rows={3}
              value={list.join('\n')}
              onChange={(event) =>
                onChange({
                  ...question,
                  accepted: {
                    ...question.accepted,
                    [language]: event.currentTarget.value.split('\n').slice(0, LESSON_LIMITS.variants),
                  },
                })
              }
            />
          </div>
        );
      })}
      <p className="question-editor__hint">{t`Answers are compared ignoring case and extra spaces.`}</p>
    </fieldset>
  );
}

export const textEditing: EditingPart = {
  label: msg`Short text answer`,
  fresh: () => ({ accepted: {} }),
  Answers: AcceptedAnswers,
};
