import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ANSWER_PARTS } from '../../../../contract/answer-value.ts';
import type { DraftGap, DraftQuestion } from '../../../../contract/tutor-tests.ts';
import { freeKey } from '../../../shared/ui/reorder/list-edits.ts';
import { fieldId, focusField } from '../../tutor-tests/editor/field-id.ts';
import { LanguageTexts } from '../../tutor-tests/editor/LanguageTexts.tsx';
import { freshOptions } from '../choice/fresh-options.ts';
import { OptionsEditor } from '../choice/OptionsEditor.tsx';
import { NumberKey } from '../number/editing.tsx';
import type { AnswersProps, EditingPart } from '../parts.ts';
import { oneRight } from '../single/editing.tsx';
import { AcceptedAnswers } from '../text/editing.tsx';
import { GapWeight } from './GapWeight.tsx';

type Kind = DraftGap['kind'];

/** A new gap of a kind, with what that kind's key starts from. */
const freshGap = (id: string, kind: Kind): DraftGap =>
  kind === 'choice'
    ? { id, kind, options: freshOptions(), correct_option: null }
    : kind === 'number'
      ? { id, kind, correct_number: null, tolerance: 0 }
      : { id, kind, accepted: {}, case_sensitive: false };

/**
 * A gap as a question of its kind's own editor (a text's accepted answers, a number, a drop-down's
 * options): the fields are named alike, so those editors write a gap as they write a question.
 */
const asQuestion = (question: DraftQuestion, gap: DraftGap): DraftQuestion => ({ ...question, ...gap, type: 'single' });
const gapFrom = (edited: DraftQuestion, gap: DraftGap): DraftGap => ({
  ...gap,
  accepted: edited.accepted,
  correct_number: edited.correct_number,
  tolerance: edited.tolerance,
  options: edited.options,
  correct_option: edited.correct_option,
});

/** The passage with its `[[id]]` markers, then each gap: its kind, its key and its weight. */
function GapsKey(props: AnswersProps) {
  const { t } = useLingui();
  const { question, path, name, languages, onChange } = props;
  const list = question.gaps ?? [];
  const setGap = (at: number, gap: DraftGap) =>
    onChange({ ...question, gaps: list.map((g, i) => (i === at ? gap : g)) });
  const add = () => {
    const id = freeKey(
      'g',
      list.map((g) => g.id),
    );
    // The new gap's marker goes at the end of the passage in each language, to be moved where it belongs.
    const passage = Object.fromEntries(
      languages.map((l) => [l, `${(question.passage?.[l] ?? '').trimEnd()} [[${id}]]`]),
    );
    onChange({ ...question, passage, gaps: [...list, freshGap(id, 'text')] });
    focusField(`${path}.gaps.${list.length}.kind`);
  };
  const kinds: [Kind, string][] = [
    ['text', t`A typed text`],
    ['number', t`A number`],
    ['choice', t`A drop-down of options`],
  ];
  return (
    <>
      <LanguageTexts
        label={t`Text with gaps: write [[g1]], [[g2]]… where each gap goes`}
        path={`${path}.passage`}
        value={question.passage}
        languages={languages}
        multiline
        onChange={(passage) => onChange({ ...question, passage })}
      />
      <ol className="option-list" id={fieldId(`${path}.gaps`)}>
        {list.map((gap, at) => {
          const gapName = t`Gap ${at + 1} ([[${gap.id}]]) of ${name}`;
          const gapPath = `${path}.gaps.${at}`;
          const kindId = fieldId(`${gapPath}.kind`);
          const part = { ...props, question: asQuestion(question, gap), path: gapPath, name: gapName };
          const edited = (changed: DraftQuestion) => setGap(at, gapFrom(changed, gap));
          return (
            <li key={gap.id} className="option-list__item">
              <div className="question-editor__row">
                <label htmlFor={kindId}>{t`Kind of ${gapName}`}</label>
                <select
                  id={kindId}
                  value={gap.kind}
                  onChange={(event) =>
                    setGap(at, {
                      ...freshGap(gap.id, event.currentTarget.value as Kind),
                      ...gap,
                      kind: event.currentTarget.value as Kind,
                    })
                  }
                >
                  {kinds.map(([kind, label]) => (
                    <option key={kind} value={kind}>
                      {label}
                    </option>
                  ))}
                </select>
                {list.length > 1 && (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => onChange({ ...question, gaps: list.filter((g) => g.id !== gap.id) })}
                  >
                    {t`Remove ${gapName}`}
                  </button>
                )}
              </div>
              {gap.kind === 'text' && (
                <>
                  <AcceptedAnswers {...part} onChange={edited} />
                  <label className="option-list__correct">
                    <input
                      type="checkbox"
                      checked={gap.case_sensitive ?? false}
                      onChange={(event) => setGap(at, { ...gap, case_sensitive: event.currentTarget.checked })}
                    />
                    {t`Capital and small letters count in ${gapName}`}
                  </label>
                </>
              )}
              {gap.kind === 'number' && <NumberKey {...part} onChange={edited} />}
              {gap.kind === 'choice' && <OptionsEditor {...part} onChange={edited} choice={oneRight} />}
              <GapWeight
                gap={gap}
                gaps={list}
                points={question.points}
                path={gapPath}
                gapName={gapName}
                onChange={(next) => setGap(at, next)}
              />
            </li>
          );
        })}
      </ol>
      {list.length < ANSWER_PARTS && (
        <button type="button" className="button button--secondary" onClick={add}>
          {t`Add a gap to ${name}`}
        </button>
      )}
    </>
  );
}

export const gapsEditing: EditingPart = {
  label: msg`Gaps in a text`,
  fresh: () => ({ passage: {}, gaps: [freshGap('g1', 'text')] }),
  Answers: GapsKey,
};
