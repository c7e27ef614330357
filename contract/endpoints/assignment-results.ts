/** An assignment's results: the table, the analysis, the exports, one attempt, re-scoring and the log. */
import {
  AssignmentChanges,
  AssignmentParams,
  AssignmentResults,
  AttemptParams,
  QuestionAnalysis,
  RescoreReport,
} from '../assignments.ts';
import { Done } from '../auth.ts';
import { endpoint } from '../endpoint.ts';
import { Results } from '../online.ts';
import { NoBody, NoQuery } from '../requests.ts';
import { string } from '../structs.ts';

const OWN = 'another tutor’s assignment reads as not found';

export const assignmentResults = endpoint({
  method: 'GET',
  path: '/v1/tutor/assignments/:id/results',
  params: AssignmentParams,
  query: NoQuery,
  answer: AssignmentResults,
  status: 200,
  access: 'tutor',
  summary: 'Every attempt: name, score, percent, time used, how it ended, answers that arrived late',
  note: OWN,
});

export const assignmentAnalysis = endpoint({
  method: 'GET',
  path: '/v1/tutor/assignments/:id/analysis',
  params: AssignmentParams,
  query: NoQuery,
  answer: QuestionAnalysis,
  status: 200,
  access: 'tutor',
  summary: 'Per question over the finished attempts: facility, discrimination, options picked; hardest first',
  note: OWN,
});

export const assignmentAnalysisCsv = endpoint({
  method: 'GET',
  path: '/v1/tutor/assignments/:id/analysis.csv',
  params: AssignmentParams,
  query: NoQuery,
  answer: string(),
  status: 200,
  access: 'tutor',
  bare: true,
  summary:
    'The analysis as CSV (UTF-8 with a BOM): the test’s figures, then each question with its options’ distractor shares',
  note: OWN,
});

export const assignmentResultsCsv = endpoint({
  method: 'GET',
  path: '/v1/tutor/assignments/:id/results.csv',
  params: AssignmentParams,
  query: NoQuery,
  answer: string(),
  status: 200,
  access: 'tutor',
  bare: true,
  summary: 'The results table as CSV (UTF-8 with a BOM, headers in the tutor’s language), to download',
  note: OWN,
});

export const attemptReview = endpoint({
  method: 'GET',
  path: '/v1/tutor/assignments/:id/attempts/:session',
  params: AttemptParams,
  query: NoQuery,
  answer: Results,
  status: 200,
  access: 'tutor',
  summary: 'One finished attempt in full: every answer given, the right one and the score',
  note: OWN,
});

export const removeAttempt = endpoint({
  method: 'DELETE',
  path: '/v1/tutor/assignments/:id/attempts/:session',
  params: AttemptParams,
  query: NoQuery,
  answer: Done,
  status: 200,
  access: 'tutor',
  summary:
    'Removes one finished attempt for good, on its taker’s request: its answers, signals, marks and log entries; the log keeps that one was removed, without a name',
  note: OWN,
});

export const rescore = endpoint({
  method: 'POST',
  path: '/v1/tutor/assignments/:id/rescore',
  params: AssignmentParams,
  query: NoQuery,
  body: NoBody,
  answer: RescoreReport,
  status: 200,
  access: 'tutor',
  summary:
    'Scores every finished attempt again on the test’s latest published version (a corrected key); records old and new scores',
  note: OWN,
});

export const assignmentChanges = endpoint({
  method: 'GET',
  path: '/v1/tutor/assignments/:id/changes',
  params: AssignmentParams,
  query: NoQuery,
  answer: AssignmentChanges,
  status: 200,
  access: 'tutor',
  summary: 'What the tutor changed after takers started: extra time and re-scorings, with the values before and after',
  note: OWN,
});

export const assignmentAnswersCsv = endpoint({
  method: 'GET',
  path: '/v1/tutor/assignments/:id/answers.csv',
  params: AssignmentParams,
  query: NoQuery,
  answer: string(),
  status: 200,
  access: 'tutor',
  bare: true,
  summary: 'Every answer of every attempt, one row per attempt and question, as CSV (UTF-8 with a BOM)',
  note: OWN,
});
