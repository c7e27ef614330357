import { Plural, useLingui } from '@lingui/react/macro';

/**
 * Online or offline, and how many answers wait on this device. A polite live region: a screen
 * reader hears the connection drop and come back, and the count reach zero, without a push.
 */
export function ConnectionIndicator({ online, waiting }: { online: boolean; waiting: number }) {
  const { t } = useLingui();
  return (
    <p className={`connection connection--${online ? 'online' : 'offline'}`} role="status" aria-live="polite">
      <span className="connection__dot" aria-hidden="true" />
      <span>{online ? t`Online` : t`Offline`}</span>
      <span data-testid="waiting-answers">
        {waiting === 0 ? (
          t`All answers sent`
        ) : (
          <Plural value={waiting} one="# answer waiting to be sent" other="# answers waiting to be sent" />
        )}
      </span>
    </p>
  );
}
