import { Select, useLingui } from '@lingui/react/macro';
import type { Results, SessionSignal } from '../../../contract/online.ts';
import { formatNumber, pluralForm } from '../../i18n/counts.ts';
import { formatSpan } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';

/**
 * What was noticed of how an attempt was taken (contract/signals.ts), in the order it happened, each
 * at its time from the start: for the tutor's review and for the taker's own results. It says what
 * happened, never what it means.
 */
export function SignalTimeline({ results, level = 2 }: { results: Results; level?: 2 | 3 }) {
  const { t } = useLingui();
  const locale = useLocale();
  const signals = results.signals;
  if (!signals) return null;
  const Heading = level === 2 ? 'h2' : 'h3';
  // A paste names its question by the number it had in this attempt's results.
  const numbers = new Map(results.blocks.flatMap((b) => b.questions).map((q, i) => [q.id, i + 1]));
  const said = (signal: SessionSignal): string => {
    const span = formatSpan(locale, Math.abs(signal.duration_ms ?? 0));
    switch (signal.kind) {
      case 'hidden':
        return t`The page was hidden for ${span}.`;
      case 'blur':
        return t`The window lost focus for ${span}.`;
      case 'offline':
        return t`The device was offline for ${span}.`;
      case 'clock':
        return (signal.duration_ms ?? 0) > 0
          ? t`The device’s clock was ${span} ahead of the server’s.`
          : t`The device’s clock was ${span} behind the server’s.`;
      case 'paste': {
        const number = numbers.get(signal.question_id ?? '');
        return number === undefined
          ? t`Text was pasted into an answer.`
          : t`Text was pasted into the answer to question ${number}.`;
      }
    }
  };
  return (
    <section className="signal-timeline" aria-labelledby="signals-title">
      <Heading id="signals-title" className="section-title">
        {t`How the test was taken`}
      </Heading>
      {signals.length === 0 ? (
        <p>{t`Nothing was noticed: the page stayed open and in focus, and nothing was pasted.`}</p>
      ) : (
        <ol className="signal-timeline__list">
          {signals.map((signal, index) => {
            const at = formatSpan(locale, Math.max(0, signal.at - results.started_at));
            const lengthForm = pluralForm(locale, signal.length ?? 0);
            const lengthText = formatNumber(locale, signal.length ?? 0);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: signals have no id of their own here, and never reorder.
              <li key={index}>
                <span className="signal-timeline__at">{t`At ${at}`}</span> {said(signal)}
                {signal.kind === 'paste' && (
                  <>
                    {' '}
                    <Select
                      value={lengthForm}
                      _one={`(${lengthText} character)`}
                      other={`(${lengthText} characters)`}
                    />
                  </>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
