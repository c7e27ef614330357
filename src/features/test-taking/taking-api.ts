import { lesson } from '../../../contract/endpoints/catalog.ts';
import * as sessions from '../../../contract/endpoints/sessions.ts';
import type { Locale } from '../../../contract/locale.ts';
import { api } from '../../shared/api/index.ts';
import type { Role } from '../../shared/routing/paths.ts';

export interface Credentials {
  uuid: string;
  apiToken: string;
}

export function fetchPreview(slug: string) {
  return api(lesson, { params: { id: slug } });
}

export function startSession(slug: string, role: Role | undefined, options: { timeoutMs?: number } = {}) {
  return api(sessions.start, { params: { id: slug }, body: role ? { role } : {}, ...options });
}

export function fetchSession({ uuid, apiToken }: Credentials) {
  return api(sessions.session, { params: { uuid }, query: { api_token: apiToken } });
}

export function fetchBlock({ uuid, apiToken }: Credentials, blockId: string) {
  return api(sessions.block, { params: { uuid, blockId }, query: { api_token: apiToken } });
}

/**
 * A test's sealed payload: every question of a version, encrypted, opened by the key the start
 * hands out (contract/sealed-payload.ts). The service worker keeps it: it never changes.
 */
export function fetchPayload(version: number, locale: Locale) {
  return api(sessions.payload, { params: { version: String(version), locale } });
}

/**
 * Fetched on the test's page while the taker reads the rules, so that the start's answer is all the
 * test still needs from the network, however many start in the same second. A failure here only
 * means the blocks are fetched after the start.
 */
export function prefetchPayload(version: number, locale: Locale): void {
  fetchPayload(version, locale).catch(() => undefined);
}
