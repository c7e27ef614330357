import { Select, Trans, useLingui } from '@lingui/react/macro';
import { GAP_WEIGHT_MAX, gapWeight } from '../../../../contract/question-types/gaps.ts';
import type { DraftGap } from '../../../../contract/tutor-tests.ts';
import { formatNumber, pluralForm } from '../../../i18n/counts.ts';
import { useLocale } from '../../../i18n/locale-context.tsx';
import { NumberInput } from '../../../shared/forms/number-field/NumberInput.tsx';
import { fieldId } from '../../tutor-tests/editor/field-id.ts';

/**
 * The gap with `weight`: a weight of 1 is no field at all, as the contract and the banks write it
 * (absent means 1), so that setting a gap back to 1 leaves the draft as an import or a new gap has it.
 */
export function weighed(gap: DraftGap, weight: number): DraftGap {
  const { weight: _old, ...rest } = gap;
  return weight === 1 ? rest : { ...rest, weight };
}

interface GapWeightProps {
  gap: DraftGap;
  /** Every gap of the question: the points are shared by their weights. */
  gaps: DraftGap[];
  points: number;
  /** The gap's path in the draft: `blocks.0.questions.2.gaps.1`. */
  path: string;
  gapName: string;
  onChange: (gap: DraftGap) => void;
}

/**
 * A gap's weight, a whole number from 1 to 100 (the one number field says why another is not
 * taken and hands nothing on for it), and the share of the question's points it earns by it.
 */
export function GapWeight({ gap, gaps, points, path, gapName, onChange }: GapWeightProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const id = fieldId(`${path}.weight`);
  const hintId = `${id}-share`;
  const total = gaps.reduce((sum, g) => sum + gapWeight(g), 0);
  const share = total > 0 ? (points * gapWeight(gap)) / total : 0;
  const shareText = formatNumber(locale, share);
  const pointsText = formatNumber(locale, points);
  const pointsForm = pluralForm(locale, points);
  return (
    <>
      <div className="question-editor__row">
        <label htmlFor={id}>{t`Weight of ${gapName}`}</label>
        <NumberInput
          id={id}
          className="field__input--number"
          whole
          min={1}
          max={GAP_WEIGHT_MAX}
          aria-describedby={hintId}
          value={gapWeight(gap)}
          onValue={(weight) => weight !== null && onChange(weighed(gap, weight))}
        />
      </div>
      <p id={hintId} className="field__hint">
        <Trans>
          Worth {shareText} of this question’s {pointsText} <Select value={pointsForm} _one="point" other="points" />
        </Trans>
      </p>
    </>
  );
}
