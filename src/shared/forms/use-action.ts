import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { notify } from '../notifications/notify.ts';
import { errorText } from '../ui/error-text.ts';

export interface ActionOptions {
  /** Said as a success notice once the action is done. */
  done?: string;
  /** Runs afterwards whatever happened (a list read again, say). */
  after?: () => unknown;
}

/**
 * One way to run what a button asks for: busy while it runs (for the button's `disabled`), a
 * failure said as an error notice in the interface's language, a success notice when there is one
 * to give. The action's result, or undefined when it failed.
 */
export function useAction() {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const run = async <T>(action: () => Promise<T>, { done, after }: ActionOptions = {}): Promise<T | undefined> => {
    setBusy(true);
    try {
      const result = await action();
      if (done) notify(done, { kind: 'success' });
      return result;
    } catch (error) {
      notify(errorText(i18n, error), { kind: 'error' });
      return undefined;
    } finally {
      setBusy(false);
      await after?.();
    }
  };
  return { busy, run };
}
