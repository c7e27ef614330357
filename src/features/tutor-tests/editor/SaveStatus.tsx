import { useLingui } from '@lingui/react/macro';
import type { SaveState } from './use-draft-autosave.ts';

/** Whether the edits are on the server yet, said politely to screen readers as it changes. */
export function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useLingui();
  const text: Record<SaveState, string> = {
    saved: t`All changes saved`,
    pending: t`Editing…`,
    saving: t`Saving…`,
    offline: t`Offline: your changes are kept on this device and saved when the connection is back`,
    conflict: t`Not saved: changed elsewhere`,
    failed: t`Not saved yet: trying again`,
  };
  return (
    <p className={`save-status save-status--${state}`} role="status" data-testid="save-status">
      {text[state]}
    </p>
  );
}
