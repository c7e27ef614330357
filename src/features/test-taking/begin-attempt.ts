import type { StartedSession } from '../../../contract/index.ts';
import { loadOfflineKit } from './offline/load-offline-kit.ts';
import { rememberSession } from './resume/stored-session.ts';
import type { TakingViewProps } from './TakingView.tsx';

/**
 * A session the server just started, made this device's attempt: remembered for a reload, and kept
 * in IndexedDB before the first question shows, so from here on the test needs no connection.
 * Call it as soon as the start's answer arrives: that moment anchors the countdown.
 */
export async function beginAttempt(session: StartedSession, slug: string): Promise<TakingViewProps> {
  const receivedAt = performance.now();
  const stored = { uuid: session.uuid, api_token: session.api_token, slug, role: session.role };
  rememberSession(stored);
  const { offlineRuntime, saveServerAttempt } = await loadOfflineKit();
  const record = await saveServerAttempt(offlineRuntime().db, stored, session, Date.now());
  return { record, fresh: { serverNow: session.server_now, receivedAt } };
}
