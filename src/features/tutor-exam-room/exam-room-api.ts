import * as endpoints from '../../../contract/endpoints/exam-room.ts';
import { api } from '../../shared/api/index.ts';
import { useRead } from '../../shared/api/use-read.ts';

const byId = (id: string) => ({ params: { id } });

/** The messages sent, read again with the monitor so deliveries show as devices acknowledge them. */
export const useMessages = (id: string, refreshMs: number) =>
  useRead('assignment-messages', [id], () => api(endpoints.messages, byId(id)), {
    who: 'tutor',
    refreshInterval: refreshMs,
    refreshWhenHidden: false,
  });

export const sendMessage = (id: string, text: string, session: string | null) =>
  api(endpoints.sendMessage, { ...byId(id), body: { text, ...(session ? { session } : {}) } });
export const pauseAssignment = (id: string) => api(endpoints.pauseAssignment, { ...byId(id), body: {} });
export const resumeAssignment = (id: string) => api(endpoints.resumeAssignment, { ...byId(id), body: {} });
export const extraTimeForAll = (id: string, minutes: number, reason: string) =>
  api(endpoints.everyoneExtraTime, { ...byId(id), body: { minutes, reason } });
