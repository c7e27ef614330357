import { useLingui } from '@lingui/react/macro';
import type { Accommodation } from '../../../contract/accommodations.ts';
import type { AssignmentChange } from '../../../contract/assignments.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { accommodationWords } from '../accommodations/AccommodationBadge.tsx';

/** What the server logs of an accommodation changed mid-test (accommodation-retime.ts). */
interface AccommodationChange {
  before: Accommodation | null;
  after: Accommodation | null;
  old_deadline: number;
  new_deadline: number;
}

/** One line of the change log, in the tutor's language. */
export function ChangeLine({ change }: { change: AssignmentChange }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(change.at);
  const detail = JSON.parse(change.detail) as {
    minutes?: number;
    attempts?: number;
    changed?: unknown[];
    question?: string;
    before?: { points: number } | null;
    after?: { points: number };
    reason?: string;
    paused_at?: number;
    resumed_at?: number;
  };
  if (change.kind === 'accommodation') {
    const said = JSON.parse(change.detail) as AccommodationChange;
    const words = (a: Accommodation | null) => (a ? accommodationWords(i18n, locale, a) : t`none`);
    const before = words(said.before);
    const after = words(said.after);
    const deadline = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(said.new_deadline);
    const name = change.name ?? '';
    return (
      <>{t`${when}: ${name}’s accommodation changed (${before} → ${after}); their time now ends at ${deadline}.`}</>
    );
  }
  if (change.kind === 'mark') {
    const question = detail.question ?? '';
    const points = formatNumber(locale, detail.after?.points ?? 0);
    const name = change.name ?? '';
    if (!detail.before) return <>{t`${when}: ${name}’s answer to ${question} was marked (points: ${points}).`}</>;
    const before = formatNumber(locale, detail.before.points);
    return <>{t`${when}: the mark of ${name}’s answer to ${question} changed (points: ${before} → ${points}).`}</>;
  }
  if (change.kind === 'removal') return <>{t`${when}: an attempt was removed at its taker’s request.`}</>;
  if (change.kind === 'pause') {
    const minutes = formatNumber(locale, Math.round(((detail.resumed_at ?? 0) - (detail.paused_at ?? 0)) / 6_000) / 10);
    const attempts = formatNumber(locale, detail.attempts ?? 0);
    return <>{t`${when}: everyone was paused for ${minutes} min; ${attempts} running attempts got that time back.`}</>;
  }
  if (change.kind === 'extra_time' && change.session === null) {
    const minutes = formatNumber(locale, detail.minutes ?? 0);
    const attempts = formatNumber(locale, detail.attempts ?? 0);
    const reason = detail.reason ?? '';
    return <>{t`${when}: everyone running (${attempts}) was given ${minutes} more minutes: ${reason}`}</>;
  }
  if (change.kind === 'extra_time') {
    const minutes = formatNumber(locale, detail.minutes ?? 0);
    return <>{t`${when}: ${change.name ?? ''} was given ${minutes} more minutes.`}</>;
  }
  const attempts = formatNumber(locale, detail.attempts ?? 0);
  const changed = formatNumber(locale, detail.changed?.length ?? 0);
  return <>{t`${when}: re-scored ${attempts} attempts on a corrected key; ${changed} scores changed.`}</>;
}
