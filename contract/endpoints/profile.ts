/** A signed-in taker's own results, linking a result taken without an account, and their data. */
import { endpoint } from '../endpoint.ts';
import { DeleteAccountRequest, DeletedAccount, PersonalDataExport } from '../personal-data.ts';
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

export const personalData = endpoint({
  method: 'GET',
  path: '/v1/profile/data',
  query: NoQuery,
  answer: PersonalDataExport,
  status: 200,
  access: 'user',
  summary:
    'Everything Zalik holds about the caller: the account, sign-ins, learning-platform links, every attempt with its answers, marks and signals, accommodations, a tutor’s tests and assignments',
  note: 'each caller reads only their own; no secret (password hash, token) is in it',
});

export const deleteAccount = endpoint({
  method: 'POST',
  path: '/v1/profile/delete-account',
  query: NoQuery,
  body: DeleteAccountRequest,
  answer: DeletedAccount,
  status: 200,
  access: 'user',
  summary:
    'Deletes the caller’s account for good, the address typed again: its attempts kept without a name or removed (DELETED_ACCOUNT_ATTEMPTS); a tutor’s tests and assignments go with it',
  note: 'the body’s address must be the account’s own',
});
