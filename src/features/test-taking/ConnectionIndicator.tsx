import { Select, useLingui } from '@lingui/react/macro';
import { formatNumber, pluralForm } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';

/**
 * Online or offline, and how many answers wait on this device. A polite live region: a screen
 * reader hears the connection drop and come back, and the count reach zero, without a push.
 */
export function ConnectionIndicator({ online, waiting }: { online: boolean; waiting: number }) {
  const { t } = useLingui();
  const locale = useLocale();
  const waitingForm = pluralForm(locale, waiting);
  const waitingText = formatNumber(locale, waiting);
  return (
    <p className={`connection connection--${online ? 'online' : 'offline'}`} role="status" aria-live="polite">
      <span className="connection__dot" aria-hidden="true" />
      <span>{online ? t`Online` : t`Offline`}</span>
      <span data-testid="waiting-answers">
        {waiting === 0 ? (
          t`All answers sent`
        ) : (
          <Select
            value={waitingForm}
            _one={`${waitingText} answer waiting to be sent`}
            other={`${waitingText} answers waiting to be sent`}
          />
        )}
      </span>
    </p>
  );
}
