import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { LESSON_LIMITS } from '../../../../contract/content.ts';
import type { DraftQuestion, TestDraft } from '../../../../contract/tutor-tests.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { NumberInput } from '../../../shared/forms/number-field/NumberInput.tsx';
import { EDITING_PARTS } from '../../question-types/editing.ts';
import { type QuestionKind, retyped } from './draft-edits.ts';
import { fieldId } from './field-id.ts';
import { ImagePicker } from './ImagePicker.tsx';
import { LanguageTexts } from './LanguageTexts.tsx';
import { QuestionKindOptions } from './QuestionKindOptions.tsx';

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
  const { Answers } = EDITING_PARTS[question.type];
  return (
    <div className="question-editor">
      <div className="question-editor__row">
        <label htmlFor={typeId}>{t`Type of ${name}`}</label>
        <select
          id={typeId}
          value={question.type}
          onChange={(event) => onChange(retyped(draft, question, event.currentTarget.value as QuestionKind))}
        >
          <QuestionKindOptions />
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
