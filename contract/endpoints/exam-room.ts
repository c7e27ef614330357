/** Exam-room controls (contract/exam-room.ts): messages, pause and resume, extra time for everyone. */
import { Assignment, AssignmentParams } from '../assignments.ts';
import { endpoint } from '../endpoint.ts';
import {
  EveryoneExtraTimeReceipt,
  EveryoneExtraTimeRequest,
  SendMessageRequest,
  SentMessage,
  SentMessages,
} from '../exam-room.ts';
import { NoBody, NoQuery } from '../requests.ts';

const OWN = 'another tutor’s assignment reads as not found';

export const sendMessage = endpoint({
  method: 'POST',
  path: '/v1/tutor/assignments/:id/messages',
  params: AssignmentParams,
  query: NoQuery,
  body: SendMessageRequest,
  answer: SentMessage,
  status: 201,
  access: 'tutor',
  summary:
    'A message to every taker or to one: shown and announced on their screen with their next heartbeat, also after being offline',
  note: OWN,
});

export const messages = endpoint({
  method: 'GET',
  path: '/v1/tutor/assignments/:id/messages',
  params: AssignmentParams,
  query: NoQuery,
  answer: SentMessages,
  status: 200,
  access: 'tutor',
  summary: 'Every message sent, newest first, with each taker it is for and whether their device showed it',
  note: OWN,
});

export const pauseAssignment = endpoint({
  method: 'POST',
  path: '/v1/tutor/assignments/:id/pause',
  params: AssignmentParams,
  query: NoQuery,
  body: NoBody,
  answer: Assignment,
  status: 200,
  access: 'tutor',
  summary: 'Pauses everyone: devices stop their clocks and hide the questions; no attempt runs out meanwhile',
  note: OWN,
});

export const resumeAssignment = endpoint({
  method: 'POST',
  path: '/v1/tutor/assignments/:id/resume',
  params: AssignmentParams,
  query: NoQuery,
  body: NoBody,
  answer: Assignment,
  status: 200,
  access: 'tutor',
  summary: 'Ends the pause: every running attempt’s deadline moves by the time it was paused; logged',
  note: OWN,
});

export const everyoneExtraTime = endpoint({
  method: 'POST',
  path: '/v1/tutor/assignments/:id/extra-time',
  params: AssignmentParams,
  query: NoQuery,
  body: EveryoneExtraTimeRequest,
  answer: EveryoneExtraTimeReceipt,
  status: 200,
  access: 'tutor',
  summary: 'Extra minutes for every running attempt, with the reason; logged',
  note: OWN,
});
