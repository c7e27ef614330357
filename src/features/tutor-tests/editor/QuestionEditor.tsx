import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { LESSON_LIMITS } from '../../../../contract/content.ts';
import type { DraftQuestion, TestDraft } from '../../../../contract/tutor-tests.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { NumberInput } from '../../../shared/forms/number-field/NumberInput.tsx';
import { type QuestionKind, retyped } from './draft-edits.ts';
import { fieldId } from './field-id.ts';
import { ImagePicker } from './ImagePicker.tsx';
import { LanguageTexts } from './LanguageTexts.tsx';
import { useLanguageNames } from './language-names.ts';
import { type AnswersProps, OptionsEditor } from './OptionsEditor.tsx';

interface QuestionEditorProps {
  draft: TestDraft;
  question: DraftQuestion;
  /** The question's path in the draft: `blocks.0.questions.2`. */
  path: string;
  /** "Question 3", for the labels of its controls. */
  name: string;
  onChange: (question: DraftQuestion) => void;
  announce: (text: string) => void;
}

/** One question: its type, points, text, answers and explanation, in every language of the test. */
export function QuestionEditor({ draft, question, path, name, onChange, announce }: QuestionEditorProps) {
  const { t } = useLingui();
  const languages = draft.languages as Locale[];
  const typeId = useId();
  const pointsId = fieldId(`${path}.points`);
  const kinds: [QuestionKind, string][] = [
    ['single', t`One correct option`],
    ['multiple', t`Several correct options`],
    ['text', t`Short text answer`],
    ['number', t`Number`],
  ];
  return (
    <div className="question-editor">
      <div className="question-editor__row">
        <label htmlFor={typeId}>{t`Type of ${name}`}</label>
        <select
          id={typeId}
          value={question.type}
          onChange={(event) => onChange(retyped(draft, question, event.currentTarget.value as QuestionKind))}
        >
          {kinds.map(([kind, label]) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </select>
        <label htmlFor={pointsId}>{t`Points`}</label>
        <NumberInput
          id={pointsId}
          className="field__input--number"
          min={0}
          max={LESSON_LIMITS.maxPoints}
          value={question.points}
          onValue={(points) => onChange({ ...question, points: points ?? 0 })}
        />
      </div>
      <LanguageTexts
        label={t`Question`}
        path={`${path}.text`}
        value={question.text}
        languages={languages}
        multiline
        onChange={(text) => onChange({ ...question, text })}
      />
      <ImagePicker
        image={question.image}
        path={path}
        name={name}
        languages={languages}
        onChange={(image) => onChange({ ...question, image })}
      />
      <Answers
        question={question}
        path={path}
        name={name}
        languages={languages}
        onChange={onChange}
        announce={announce}
      />
      <LanguageTexts
        label={t`Explanation shown in the review (optional)`}
        path={`${path}.explanation`}
        value={question.explanation}
        languages={languages}
        multiline
        optional
        onChange={(explanation) => onChange({ ...question, explanation })}
      />
    </div>
  );
}

function Answers({ question, path, name, languages, onChange, announce }: AnswersProps) {
  const { t } = useLingui();
  const names = useLanguageNames();
  switch (question.type) {
    case 'single':
    case 'multiple':
      return (
        <OptionsEditor
          question={question}
          path={path}
          name={name}
          languages={languages}
          onChange={onChange}
          announce={announce}
        />
      );
    case 'text':
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
    case 'number': {
      const valueId = fieldId(`${path}.correct_number`);
      const toleranceId = fieldId(`${path}.tolerance`);
      return (
        <div className="question-editor__row">
          <label htmlFor={valueId}>{t`Correct number`}</label>
          <NumberInput
            id={valueId}
            className="field__input--number"
            empty="null"
            value={question.correct_number ?? null}
            onValue={(correct_number) => onChange({ ...question, correct_number })}
          />
          <label htmlFor={toleranceId}>{t`Accepted difference (±)`}</label>
          <NumberInput
            id={toleranceId}
            className="field__input--number"
            min={0}
            value={question.tolerance ?? 0}
            onValue={(tolerance) => onChange({ ...question, tolerance: tolerance ?? 0 })}
          />
        </div>
      );
    }
  }
}
