import { Select } from '@lingui/react/macro';
import { formatNumber, pluralForm } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';

/**
 * Where a result is not final yet: how many written answers still wait for the tutor's mark. Short
 * form for lists (the account, the assignments); the long one under a score.
 */
export function AwaitingMarks({ count, short = false }: { count: number | undefined; short?: boolean }) {
  const locale = useLocale();
  if (!count) return null;
  const form = pluralForm(locale, count);
  const n = formatNumber(locale, count);
  if (short)
    return (
      <span className="awaiting-marks" data-testid="awaiting-marks">
        {' · '}
        <Select value={form} _one={`awaiting marking (${n} answer)`} other={`awaiting marking (${n} answers)`} />
      </span>
    );
  return (
    <p className="notice notice--warning awaiting-marks" role="status" data-testid="awaiting-marks">
      <Select
        value={form}
        _one={`Awaiting marking: ${n} written answer is still to be marked by your tutor. The score so far counts the marked questions only.`}
        other={`Awaiting marking: ${n} written answers are still to be marked by your tutor. The score so far counts the marked questions only.`}
      />
    </p>
  );
}
