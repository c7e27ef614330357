import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Accommodation } from '../../../contract/accommodations.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import type { Locale } from '../../i18n/locales.ts';

/** An accommodation in a few words: its time, and read-aloud ("×1.5 time, read-aloud"). */
export function accommodationWords(i18n: I18n, locale: Locale, accommodation: Accommodation): string {
  const words: string[] = [];
  if (accommodation.time === 'multiplier') {
    const factor = formatNumber(locale, accommodation.multiplier ?? 1);
    words.push(i18n._(msg`×${factor} time`));
  } else if (accommodation.time === 'extra_minutes') {
    const minutes = formatNumber(locale, accommodation.extra_minutes ?? 0);
    words.push(i18n._(msg`+${minutes} min`));
  } else if (accommodation.time === 'unlimited') {
    words.push(i18n._(msg`no time limit`));
  }
  if (accommodation.read_aloud) words.push(i18n._(msg`read-aloud`));
  return words.join(', ');
}

/** Beside a taker's name on the monitor and in the results: the accommodation the attempt runs under. */
export function AccommodationBadge({ accommodation }: { accommodation: Accommodation | undefined }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  if (!accommodation) return null;
  return (
    <span className="accommodation-badge" data-testid="accommodation-badge">
      <span className="visually-hidden">{t`Accommodation:`} </span>
      {accommodationWords(i18n, locale, accommodation)}
    </span>
  );
}
