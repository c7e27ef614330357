/** Online test sessions: a start, then the session's state, blocks, answers, finish and results. */

import { endpoint } from '../endpoint.ts';
import {
  AnswerBatchReceipt,
  AnswerItem,
  AnswerReceipt,
  AnswerRequest,
  FinishReceipt,
  FinishRequest,
  HeartbeatReceipt,
  HeartbeatRequest,
  MAX_ANSWER_BATCH,
  OnlineSession,
  Results,
  StartedSession,
  StartRequest,
  TakerBlock,
} from '../online.ts';
import { SealedPayload } from '../payload-keys.ts';
import { LessonKey, NoQuery, TokenQuery } from '../requests.ts';
import { AnswerQuery, BlockParams, PayloadParams, UuidParams, WriteQuery } from '../session-requests.ts';
import { SignalReceipt, SignalRequest } from '../signals.ts';
import { array, object, size, union } from '../structs.ts';

export const start = endpoint({
  method: 'POST',
  path: '/v1/public/lessons/:id/start',
  params: object({ id: LessonKey }),
  query: NoQuery,
  body: StartRequest,
  answer: StartedSession,
  status: 201,
  access: 'optional-user',
  summary: 'Starts a test: the server sets its deadline and hands out the session and its api_token',
  note: 'signed in, the test belongs to the account; a bad token is refused rather than ignored',
});

export const session = endpoint({
  method: 'GET',
  path: '/v1/public/lessons/online/:uuid',
  params: UuidParams,
  query: TokenQuery,
  answer: OnlineSession,
  status: 200,
  access: 'session',
  summary: "A session's state: deadline, server time, blocks and the answers stored so far",
});

export const block = endpoint({
  method: 'GET',
  path: '/v1/public/lessons/online/:uuid/blocks/:blockId',
  params: BlockParams,
  query: TokenQuery,
  answer: TakerBlock,
  status: 200,
  access: 'session',
  summary: "One block's questions, without their answers",
});

export const payload = endpoint({
  method: 'GET',
  path: '/v1/public/lesson-versions/:version/payload/:locale',
  params: PayloadParams,
  query: NoQuery,
  answer: SealedPayload,
  status: 200,
  access: 'public',
  cache: 'immutable',
  summary:
    "A lesson version's blocks in one language, encrypted: kept by the device before the start, opened with the key the start hands out",
});

export const answer = endpoint({
  method: 'POST',
  path: '/v1/public/lessons/online/:uuid/answer',
  params: UuidParams,
  query: AnswerQuery,
  body: union([AnswerRequest, size(array(AnswerItem), 1, MAX_ANSWER_BATCH)]),
  answer: union([AnswerReceipt, AnswerBatchReceipt]),
  status: 201,
  access: 'session',
  summary:
    'Stores an answer (201; 200 for a repeat of its answer_id), or a batch of queued answers (200), each answered on its own',
});

export const signals = endpoint({
  method: 'POST',
  path: '/v1/public/lessons/online/:uuid/signals',
  params: UuidParams,
  query: WriteQuery,
  body: SignalRequest,
  answer: SignalReceipt,
  status: 200,
  access: 'session',
  summary:
    'Stores what the taking view noticed (page hidden, focus lost, a paste’s length, time offline, a wrong clock) for an assignment that collects it; bounded per attempt, repeats harmless',
});

export const finish = endpoint({
  method: 'POST',
  path: '/v1/public/lessons/online/:uuid/finish',
  params: UuidParams,
  query: WriteQuery,
  body: FinishRequest,
  answer: FinishReceipt,
  status: 200,
  access: 'session',
  summary: 'Finishes the session and fixes its score; a repeat answers as the first finish did',
});

export const results = endpoint({
  method: 'GET',
  path: '/v1/public/lessons/online/:uuid/results',
  params: UuidParams,
  query: TokenQuery,
  answer: Results,
  status: 200,
  access: 'session',
  summary: "A finished session's score with every question, the answer given and the right one",
});

export const heartbeat = endpoint({
  method: 'POST',
  path: '/v1/public/lessons/online/:uuid/heartbeat',
  params: UuidParams,
  query: WriteQuery,
  body: HeartbeatRequest,
  answer: HeartbeatReceipt,
  status: 200,
  access: 'session',
  summary: 'The device is here, and holds this many answers unsent: for the tutor’s monitor',
});
