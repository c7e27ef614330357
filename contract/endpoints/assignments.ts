import {
  Assignment,
  AssignmentCodeParams,
  AssignmentList,
  AssignmentMonitor,
  AssignmentParams,
  AttemptParams,
  CreateAssignmentRequest,
  ExtraTimeReceipt,
  ExtraTimeRequest,
  LobbyReceipt,
  LobbyRequest,
  MonitorQuery,
  PublicAssignment,
  StartAssignmentRequest,
  StudentAssignmentList,
} from '../assignments.ts';
import { Done } from '../auth.ts';
import { endpoint } from '../endpoint.ts';
import { MarkingQuery, MarkingSheet, MarkParams, MarkReceipt, MarkRequest } from '../hand-marking.ts';
import { StartedSession } from '../online.ts';
import { NoBody, NoQuery } from '../requests.ts';

const OWN = 'another tutor’s assignment reads as not found';

export const assignments = endpoint({
  method: 'GET',
  path: '/v1/tutor/assignments',
  query: NoQuery,
  answer: AssignmentList,
  status: 200,
  access: 'tutor',
  summary: 'The signed-in tutor’s assignments, newest first',
});

export const createAssignment = endpoint({
  method: 'POST',
  path: '/v1/tutor/assignments',
  query: NoQuery,
  body: CreateAssignmentRequest,
  answer: Assignment,
  status: 201,
  access: 'tutor',
  summary: 'Gives one of the tutor’s published tests or a catalog lesson to takers by a short code, with its rules',
});

export const assignment = endpoint({
  method: 'GET',
  path: '/v1/tutor/assignments/:id',
  params: AssignmentParams,
  query: NoQuery,
  answer: Assignment,
  status: 200,
  access: 'tutor',
  summary: 'One of the tutor’s assignments',
  note: OWN,
});

export const deleteAssignment = endpoint({
  method: 'DELETE',
  path: '/v1/tutor/assignments/:id',
  params: AssignmentParams,
  query: NoQuery,
  answer: Done,
  status: 200,
  access: 'tutor',
  summary:
    'Deletes the assignment with every attempt of it: their answers, their integrity signals, the lobby and the change log',
  note: OWN,
});

export const closeAssignment = endpoint({
  method: 'POST',
  path: '/v1/tutor/assignments/:id/close',
  params: AssignmentParams,
  query: NoQuery,
  body: NoBody,
  answer: Assignment,
  status: 200,
  access: 'tutor',
  summary: 'Closes the assignment now (before its closing time, or when it has none)',
  note: OWN,
});

export const publicAssignment = endpoint({
  method: 'GET',
  path: '/v1/public/assignments/:code',
  params: AssignmentCodeParams,
  query: NoQuery,
  answer: PublicAssignment,
  status: 200,
  access: 'public',
  summary: 'What a taker learns from a code before starting: the test, its time, its window and its rules',
});

export const startAssignment = endpoint({
  method: 'POST',
  path: '/v1/public/assignments/:code/start',
  params: AssignmentCodeParams,
  query: NoQuery,
  body: StartAssignmentRequest,
  answer: StartedSession,
  status: 201,
  access: 'optional-user',
  summary: 'Starts an attempt at an assignment within its window and rules: the session and its api_token',
  note: 'a students-only assignment needs a signed-in student; anyone else needs a display name',
});

export const assignmentMonitor = endpoint({
  method: 'GET',
  path: '/v1/tutor/assignments/:id/monitor',
  params: AssignmentParams,
  query: MonitorQuery,
  answer: AssignmentMonitor,
  status: 200,
  access: 'tutor',
  summary:
    'Every taker now (with `since`: only those changed since that read): started, answered n of m, finished, last contact, offline, answers their device held unsent',
  note: OWN,
});

export const startSignal = endpoint({
  method: 'POST',
  path: '/v1/tutor/assignments/:id/start',
  params: AssignmentParams,
  query: NoQuery,
  body: NoBody,
  answer: Assignment,
  status: 200,
  access: 'tutor',
  summary: 'The start signal: every taker waiting in the lobby starts now, all on this server moment',
  note: OWN,
});

export const lobby = endpoint({
  method: 'POST',
  path: '/v1/public/assignments/:code/lobby',
  params: AssignmentCodeParams,
  query: NoQuery,
  body: LobbyRequest,
  answer: LobbyReceipt,
  status: 200,
  access: 'optional-user',
  summary:
    'A device waits in the lobby for the start signal: the answer comes when it is given (or after 20 s, to ask again)',
  note: 'the tutor’s monitor shows who waits; a students-only assignment needs a signed-in student',
});

export const extraTime = endpoint({
  method: 'POST',
  path: '/v1/tutor/assignments/:id/attempts/:session/extra-time',
  params: AttemptParams,
  query: NoQuery,
  body: ExtraTimeRequest,
  answer: ExtraTimeReceipt,
  status: 200,
  access: 'tutor',
  summary: 'Moves one running attempt’s deadline later; the taker’s device learns it on its next contact',
  note: OWN,
});

export const myAssignments = endpoint({
  method: 'GET',
  path: '/v1/profile/assignments',
  query: NoQuery,
  answer: StudentAssignmentList,
  status: 200,
  access: 'user',
  summary:
    'The assignments the caller joined or took while signed in, newest first: their state, attempts and scores once released',
  note: 'each caller sees only their own attempts',
});

export const markingSheet = endpoint({
  method: 'GET',
  path: '/v1/tutor/assignments/:id/marking',
  params: AssignmentParams,
  query: MarkingQuery,
  answer: MarkingSheet,
  status: 200,
  access: 'tutor',
  summary:
    'Every written answer (essay) of the finished attempts to mark by hand, with its mark where given; `anonymous=1` leaves names out until marked',
  note: OWN,
});

export const giveMark = endpoint({
  method: 'PUT',
  path: '/v1/tutor/assignments/:id/marks/:session/:question',
  params: MarkParams,
  query: NoQuery,
  body: MarkRequest,
  answer: MarkReceipt,
  status: 200,
  access: 'tutor',
  summary:
    'Marks one written answer (points up to the question’s, a comment), or changes its mark; the attempt’s score follows and the change is logged',
  note: OWN,
});

export * from './assignment-results.ts';
