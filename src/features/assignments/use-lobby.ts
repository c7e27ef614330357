import { useEffect, useState } from 'react';
import { isApiError } from '../../shared/api/index.ts';
import { waitInLobby } from './assignments-api.ts';

/** After a failed request (no connection), the device asks again this much later. */
const RETRY_MS = 2_000;

export type LobbyState = { phase: 'waiting' } | { phase: 'signalled' } | { phase: 'refused'; error: unknown };

/**
 * Waits in the assignment's lobby while `active`: each request is held by the server until the
 * tutor's signal, so the device learns of it at once; then it asks again. A lost connection only
 * delays the next request; a refusal (4xx) ends the wait with its reason.
 */
export function useLobby(code: string, waiter: string, displayName: string | undefined, active: boolean): LobbyState {
  const [state, setState] = useState<LobbyState>({ phase: 'waiting' });
  useEffect(() => {
    if (!active) return;
    let live = true;
    setState({ phase: 'waiting' });
    const loop = async () => {
      while (live) {
        try {
          const receipt = await waitInLobby(code, waiter, displayName);
          if (!live) return;
          if (receipt.state !== 'lobby') {
            setState({ phase: 'signalled' });
            return;
          }
        } catch (error) {
          if (!live) return;
          if (isApiError(error) && error.kind === 'http' && error.status < 500 && error.status !== 429) {
            setState({ phase: 'refused', error });
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    };
    void loop();
    return () => {
      live = false;
    };
  }, [code, waiter, displayName, active]);
  return state;
}

/** This device's place in the lobby of `code`, kept across a reload of the tab. */
export function waiterId(code: string): string {
  const key = `zalik-waiter-${code}`;
  try {
    const known = sessionStorage.getItem(key);
    if (known) return known;
    const made = crypto.randomUUID();
    sessionStorage.setItem(key, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}
