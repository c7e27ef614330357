/**
 * The app's `/v1` client: every call of the app goes through `api(endpoint, input)` (api-client),
 * with the interface language and, when signed in, the token. The offline queue and the service
 * worker make their own client of the same code, with the language each queued write was made in.
 */
import { type ApiCall, createApiClient } from '../../../api-client/call.ts';
import { BUILT_API_BASE } from '../../../app-shell/api-origin.ts';
import { LANGUAGE_HEADER } from '../../../contract/endpoint.ts';
import { getToken } from '../auth/token-store.ts';
import { apiLanguage } from './language.ts';

/** The headers of every call: the interface language and, when signed in, the token. */
export function apiHeaders(): Record<string, string> {
  const token = getToken();
  const headers: Record<string, string> = { [LANGUAGE_HEADER]: apiLanguage() };
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/** The API's origin: the page's own, unless the build names another (app-shell/api-origin.ts). */
// Written out rather than called: what the build leaves of it is the page's origin alone.
const apiBase = () => BUILT_API_BASE || (globalThis.location?.origin ?? 'http://localhost');

export const api: ApiCall = createApiClient({ base: apiBase, headers: apiHeaders });
