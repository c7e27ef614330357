import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../i18n/counts.ts';
import { useLocale } from '../../../i18n/locale-context.tsx';
import { RichText } from '../../../shared/ui/rich-text/RichText.tsx';
import type { ReviewProps } from '../parts.ts';

/** What each gap holds, in the passage's order: a typed text, a number, or the chosen option. */
export function GapsReview({ value, question }: ReviewProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const parts = typeof value === 'object' && !Array.isArray(value) ? value : {};
  return (
    <ol className="answer-list answer-list--ordered">
      {(question.gaps ?? []).map((gap) => {
        const given = parts[gap.id];
        const text =
          typeof given === 'number'
            ? formatNumber(locale, given)
            : (gap.options?.find((o) => o.id === given)?.text ?? given);
        return (
          <li key={gap.id}>
            {text === undefined || text === '' ? <em className="muted">{t`No answer`}</em> : <RichText text={text} />}
          </li>
        );
      })}
    </ol>
  );
}
