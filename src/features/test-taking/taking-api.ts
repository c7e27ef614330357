import { LessonPreview } from '../../../contract/catalog.ts';
import {
  AnswerReceipt,
  type AnswerValue,
  FinishReceipt,
  OnlineSession,
  StartedSession,
  TakerBlock,
} from '../../../contract/online.ts';
import { API } from '../../../contract/paths.ts';
import { getJson } from '../../shared/api/index.ts';
import { postJson } from '../../shared/api/post-json.ts';
import type { Role } from '../../shared/routing/paths.ts';

export interface Credentials {
  uuid: string;
  apiToken: string;
}

export function fetchPreview(slug: string) {
  return getJson(API.lesson(slug), LessonPreview);
}

export function startSession(slug: string, role: Role | undefined) {
  return postJson(API.start(slug), StartedSession, role ? { role } : {});
}

export function fetchSession({ uuid, apiToken }: Credentials) {
  return getJson(API.online(uuid), OnlineSession, { api_token: apiToken });
}

export function fetchBlock({ uuid, apiToken }: Credentials, blockId: string) {
  return getJson(API.block(uuid, blockId), TakerBlock, { api_token: apiToken });
}

export function sendAnswer(
  { uuid, apiToken }: Credentials,
  answer: { answer_id: string; question_id: string; value: AnswerValue; answered_at: number },
) {
  return postJson(API.answer(uuid), AnswerReceipt, answer, { api_token: apiToken });
}

export function finishSession({ uuid, apiToken }: Credentials, reason: 'manual' | 'timeout') {
  return postJson(API.finish(uuid), FinishReceipt, { reason }, { api_token: apiToken });
}
