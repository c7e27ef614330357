import { useLingui } from '@lingui/react/macro';
import { ConnectionIndicator } from '../test-taking/ConnectionIndicator.tsx';
import { useOnline } from '../test-taking/offline/use-outbox.ts';

/** Results the server cannot have yet: the finish (and maybe answers) still wait on this device. */
export function PendingResults({ waiting, refusal }: { waiting: number; refusal: string | null }) {
  const { t } = useLingui();
  const online = useOnline();
  if (refusal) {
    return <p className="notice notice--error" role="alert">{t`The server did not accept the finish: ${refusal}`}</p>;
  }
  return (
    <div className="notice notice--info" role="status" data-testid="results-pending">
      <p>{t`Your results are pending: the test is finished on this device, and its answers are sent as soon as there is a connection. This page fills in by itself.`}</p>
      <ConnectionIndicator online={online} waiting={waiting} />
    </div>
  );
}
