import { useLingui } from '@lingui/react/macro';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <p className="loading" role="status" aria-live="polite">
      <span className="loading__dot" aria-hidden="true" />
      {label ?? t`Loading…`}
    </p>
  );
}
