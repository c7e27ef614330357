import { useLingui } from '@lingui/react/macro';
import { errorText } from './error-text.ts';

/** A failed load, said plainly, with a way to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t, i18n } = useLingui();
  return (
    <div className="notice notice--error" role="alert">
      <p>{errorText(i18n, error)}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t`Try again`}
        </button>
      )}
    </div>
  );
}
