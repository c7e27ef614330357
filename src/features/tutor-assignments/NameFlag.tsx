import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';

/** Beside a name on more than one attempt (sort-attempts.ts, repeatedNames): how many, and whether signed in. */
export function NameFlag({ times, signedIn }: { times: number | undefined; signedIn: boolean }) {
  const { t } = useLingui();
  const locale = useLocale();
  if (times === undefined) return null;
  const count = formatNumber(locale, times);
  return (
    <span className="name-flag" data-testid="name-flag">
      {signedIn ? t`same name, attempts: ${count}` : t`same name, attempts: ${count} (not signed in)`}
    </span>
  );
}

/** Said once under the table when any name is flagged. */
export function RepeatedNamesNote() {
  const { t } = useLingui();
  return (
    <p className="muted">
      {t`A name on more than one attempt may be one taker trying again, or two people. Takers who are not signed in cannot be told apart: one who clears the browser’s data or uses another device can start again under the same name.`}
    </p>
  );
}
