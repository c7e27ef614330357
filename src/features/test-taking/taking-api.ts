import { lesson } from '../../../contract/endpoints/catalog.ts';
import * as sessions from '../../../contract/endpoints/sessions.ts';
import { api } from '../../shared/api/index.ts';
import type { Role } from '../../shared/routing/paths.ts';

export interface Credentials {
  uuid: string;
  apiToken: string;
}

export function fetchPreview(slug: string) {
  return api(lesson, { params: { id: slug } });
}

export function startSession(slug: string, role: Role | undefined) {
  return api(sessions.start, { params: { id: slug }, body: role ? { role } : {} });
}

export function fetchSession({ uuid, apiToken }: Credentials) {
  return api(sessions.session, { params: { uuid }, query: { api_token: apiToken } });
}

export function fetchBlock({ uuid, apiToken }: Credentials, blockId: string) {
  return api(sessions.block, { params: { uuid, blockId }, query: { api_token: apiToken } });
}
