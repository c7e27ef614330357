import { Select, Trans } from '@lingui/react/macro';
import { formatNumber, pluralForm } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';

/** "3 of 5 points": the noun agrees with the maximum, which in uk, ru and pl changes its form. */
export function PointsOf({ score, max }: { score: number; max: number }) {
  const locale = useLocale();
  const scoreText = formatNumber(locale, score);
  const maxText = formatNumber(locale, max);
  const maxForm = pluralForm(locale, max);
  return (
    <Trans>
      {scoreText} of {maxText} <Select value={maxForm} _one="point" other="points" />
    </Trans>
  );
}
