import { useLingui } from '@lingui/react/macro';
import { formatCountdown } from './server-clock.ts';

const WARN_MS = 60_000;
const MINUTE = 60_000;

/**
 * The time left, as `mm:ss`. A timer is not read aloud on every tick; instead a polite live
 * region speaks up at five minutes and at one minute.
 */
export function Countdown({ msLeft }: { msLeft: number }) {
  const { t } = useLingui();
  const minutesLeft = Math.ceil(msLeft / MINUTE);
  const announcement =
    msLeft <= 0
      ? t`Time is up.`
      : minutesLeft === 1
        ? t`One minute left.`
        : minutesLeft === 5
          ? t`Five minutes left.`
          : '';

  return (
    <div className={`countdown${msLeft <= WARN_MS ? ' countdown--warning' : ''}`}>
      <span className="countdown__icon" aria-hidden="true" />
      <span role="timer" aria-label={t`Time left`} className="countdown__value">
        {formatCountdown(msLeft)}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
