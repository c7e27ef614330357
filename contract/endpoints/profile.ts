/** A signed-in taker's own results, and linking a result taken without an account. */
import { endpoint } from '../endpoint.ts';
import {
  CompletedTestDetail,
  CompletedTestList,
  GroupedDetails,
  GroupedDetailsQuery,
  LinkedTest,
  LinkTestRequest,
} from '../profile.ts';
import { NoQuery } from '../requests.ts';
import { TestIdParams } from '../session-requests.ts';

export const completedTests = endpoint({
  method: 'GET',
  path: '/v1/profile/completed-tests',
  query: NoQuery,
  answer: CompletedTestList,
  status: 200,
  access: 'user',
  summary: "The caller's finished tests, newest first",
  note: 'each caller sees only their own tests',
});

export const completedTest = endpoint({
  method: 'GET',
  path: '/v1/profile/completed-tests/:id',
  params: TestIdParams,
  query: NoQuery,
  answer: CompletedTestDetail,
  status: 200,
  access: 'user',
  summary: 'One finished test with its blocks',
  note: "someone else's test reads as not found",
});

export const groupedDetails = endpoint({
  method: 'GET',
  path: '/v1/profile/completed-tests/:id/grouped-details',
  params: TestIdParams,
  query: GroupedDetailsQuery,
  answer: GroupedDetails,
  status: 200,
  access: 'user',
  summary: "One block of a finished test: each question's given and correct answers",
});

export const linkTest = endpoint({
  method: 'POST',
  path: '/v1/profile/link-test',
  query: NoQuery,
  body: LinkTestRequest,
  answer: LinkedTest,
  status: 200,
  access: 'user',
  summary: 'Puts a result taken without an account into this one, with its api_token as proof',
  note: "with the result's api_token in the body as proof",
});
