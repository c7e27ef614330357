import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { timeWarning } from './display/time-warnings.ts';
import { formatCountdown } from './server-clock.ts';

const LAST_MINUTE_MS = 60_000;
/** An attempt with no time limit shows its countdown only this close to its end (the window's closing). */
const UNTIMED_SHOWN_MS = 10 * 60_000;

export interface CountdownProps {
  msLeft: number;
  /** The taker's accommodation leaves the attempt without a time limit. */
  untimed?: boolean;
  /** The taker hid the countdown from view (it is still read out, and warnings still come). */
  hidden: boolean;
  onHiddenChange: (hidden: boolean) => void;
  /** The warnings at 10, 5 and 1 minute left are announced (time-warnings.ts). */
  announce: boolean;
}

/**
 * The time left, as `mm:ss`. A timer is not read aloud on every tick: live regions speak at 10, 5
 * and 1 minute left and at the end, politely, then at once. The last minute is said in words as well
 * as in colour, and the taker may hide the countdown and show it again.
 */
export function Countdown({ msLeft, untimed = false, hidden, onHiddenChange, announce }: CountdownProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const warning = timeWarning(msLeft);
  const minutes = formatNumber(locale, warning?.minutes ?? 0);
  const said = !warning
    ? ''
    : warning.minutes === 0
      ? t`Time is up.`
      : warning.minutes === 1
        ? t`One minute left.`
        : t`${minutes} minutes left.`;
  const lastMinute = msLeft <= LAST_MINUTE_MS;
  const noLimit = untimed && msLeft > UNTIMED_SHOWN_MS;
  return (
    <div className={`countdown${lastMinute ? ' countdown--warning' : ''}`}>
      <span className="countdown__icon" aria-hidden="true" />
      {noLimit ? (
        <span className="countdown__value">{t`No time limit`}</span>
      ) : (
        <span role="timer" aria-label={t`Time left`} className={hidden ? 'visually-hidden' : 'countdown__value'}>
          {formatCountdown(msLeft)}
        </span>
      )}
      {lastMinute && msLeft > 0 && <span className="countdown__note">{t`Last minute`}</span>}
      {!noLimit && (
        <button
          type="button"
          className="link-button countdown__toggle"
          aria-pressed={hidden}
          onClick={() => onHiddenChange(!hidden)}
        >
          {t`Hide the time`}
        </button>
      )}
      <span className="visually-hidden" aria-live="polite" data-testid="time-warning-polite">
        {announce && warning && !warning.urgent ? said : ''}
      </span>
      <span className="visually-hidden" aria-live="assertive" data-testid="time-warning-urgent">
        {announce && warning?.urgent ? said : ''}
      </span>
    </div>
  );
}
