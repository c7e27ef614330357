import * as endpoints from '../../../contract/endpoints/assignments.ts';
import { api } from '../../shared/api/index.ts';

export const fetchPublicAssignment = (code: string) => api(endpoints.publicAssignment, { params: { code } });

export const startAssigned = (
  code: string,
  displayName: string | undefined,
  waiter: string | undefined,
  options: { timeoutMs?: number } = {},
) =>
  api(endpoints.startAssignment, {
    params: { code },
    body: { ...(displayName ? { display_name: displayName } : {}), ...(waiter ? { waiter } : {}) },
    ...options,
  });

/** Answers once the tutor gives the start signal (or after the server's hold, to ask again). */
export const waitInLobby = (code: string, waiter: string, displayName: string | undefined) =>
  api(endpoints.lobby, { params: { code }, body: { waiter, ...(displayName ? { display_name: displayName } : {}) } });
