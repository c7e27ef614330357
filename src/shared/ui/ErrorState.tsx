import { useLingui } from '@lingui/react/macro';
import { errorText } from './error-text.ts';

/** A failed load, said plainly (`message` when the caller knows better), with a way to try again. */
export function ErrorState({ error, message, onRetry }: { error: unknown; message?: string; onRetry?: () => void }) {
  const { t, i18n } = useLingui();
  return (
    <div className="notice notice--error" role="alert">
      <p>{message ?? errorText(i18n, error)}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t`Try again`}
        </button>
      )}
    </div>
  );
}
