import { useLingui } from '@lingui/react/macro';
import { LESSON_LIMITS } from '../../../../contract/content.ts';
import { poolProblem, poolShares } from '../../../../contract/pools.ts';
import type { DraftBlock } from '../../../../contract/tutor-tests.ts';
import { formatNumber } from '../../../i18n/counts.ts';
import { useLocale } from '../../../i18n/locale-context.tsx';
import { describedBy, Field } from '../../../shared/forms/Field.tsx';
import { NumberInput } from '../../../shared/forms/number-field/NumberInput.tsx';
import { TableScroll } from '../../../shared/ui/TableScroll.tsx';
import { fieldId } from './field-id.ts';

interface PoolSettingsProps {
  block: DraftBlock;
  /** The block's path in the draft: `blocks.0`. */
  path: string;
  blockName: string;
  onChange: (block: DraftBlock) => void;
}

/**
 * Whether each taker gets only some of a block's questions, drawn for their attempt, and how many;
 * by points, the share each points value gives, so the tutor sees every draw is worth the same.
 */
export function PoolSettings({ block, path, blockName, onChange }: PoolSettingsProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const draw = block.draw ?? null;
  const countId = fieldId(`${path}.draw.count`);
  const total = block.questions.length;
  const problem = draw ? poolProblem(block) : null;
  const error =
    problem?.kind === 'tooMany'
      ? t`There are only ${total} questions to draw from.`
      : problem?.kind === 'notWhole'
        ? t`By points, each points value must give whole questions: change the number or the points.`
        : undefined;
  const totalText = formatNumber(locale, total);
  const hint = t`Drawn for each attempt from the ${totalText} questions of this block.`;
  const shares = draw ? poolShares(block) : [];
  return (
    <fieldset className="choices pool-settings">
      <legend>{t`Pool: ${blockName}`}</legend>
      <label className="choices__choice">
        <input
          type="checkbox"
          checked={draw !== null}
          onChange={(event) =>
            onChange({
              ...block,
              draw: event.currentTarget.checked ? { count: Math.max(1, Math.ceil(total / 2)), by_points: false } : null,
            })
          }
        />
        {t`Each taker gets only some of these questions`}
      </label>
      {draw && (
        <>
          <Field id={countId} label={t`Questions each taker gets`} hint={hint} error={error}>
            <NumberInput
              id={countId}
              aria-describedby={describedBy(countId, { hint, error })}
              aria-invalid={error ? true : undefined}
              whole
              min={1}
              max={LESSON_LIMITS.questions}
              value={draw.count}
              onValue={(count) => onChange({ ...block, draw: { ...draw, count: count ?? 1 } })}
            />
          </Field>
          <label className="choices__choice">
            <input
              type="checkbox"
              checked={draw.by_points}
              onChange={(event) => onChange({ ...block, draw: { ...draw, by_points: event.currentTarget.checked } })}
            />
            {t`By points: every taker’s questions are worth the same`}
          </label>
          {shares.length > 0 && (
            <TableScroll label={t`What each draw takes`}>
              <table className="pool-settings__shares">
                <caption>{t`What each draw takes`}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t`Points`}</th>
                    <th scope="col">{t`Drawn`}</th>
                    <th scope="col">{t`Of`}</th>
                  </tr>
                </thead>
                <tbody>
                  {shares.map((share) => (
                    <tr key={share.points}>
                      <th scope="row">{formatNumber(locale, share.points)}</th>
                      <td>{formatNumber(locale, share.take)}</td>
                      <td>{formatNumber(locale, share.of)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
    </fieldset>
  );
}
