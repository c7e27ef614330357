/** A tutor's own tests: the list, the draft the editor saves, and what keeps it from being published. */
import { Done } from '../auth.ts';
import { LessonFile } from '../content.ts';
import { endpoint, SavedFile } from '../endpoint.ts';
import { StartedSession } from '../online.ts';
import { ExportBankQuery, ImportResult, ImportTemplateQuery, ImportTestsRequest } from '../question-banks.ts';
import { NoBody, NoQuery } from '../requests.ts';
import {
  CreateTestRequest,
  PublishChecklist,
  SaveDraftRequest,
  TutorTest,
  TutorTestList,
  TutorTestParams,
  TutorTestSummary,
} from '../tutor-tests.ts';

const OWN = "another tutor's test reads as not found";

export const tutorTests = endpoint({
  method: 'GET',
  path: '/v1/tutor/tests',
  query: NoQuery,
  answer: TutorTestList,
  status: 200,
  access: 'tutor',
  summary: "The caller's own tests (draft, published, archived), last edited first",
  note: 'each tutor sees only their own tests',
});

export const createTest = endpoint({
  method: 'POST',
  path: '/v1/tutor/tests',
  query: NoQuery,
  body: CreateTestRequest,
  answer: TutorTest,
  status: 201,
  access: 'tutor',
  summary: 'A new draft: empty in the caller’s language, or the draft given',
});

export const tutorTest = endpoint({
  method: 'GET',
  path: '/v1/tutor/tests/:id',
  params: TutorTestParams,
  query: NoQuery,
  answer: TutorTest,
  status: 200,
  access: 'tutor',
  summary: 'One of the caller’s tests with its draft and revision',
  note: OWN,
});

export const saveDraft = endpoint({
  method: 'PUT',
  path: '/v1/tutor/tests/:id/draft',
  params: TutorTestParams,
  query: NoQuery,
  body: SaveDraftRequest,
  answer: TutorTestSummary,
  status: 200,
  access: 'tutor',
  summary: 'Saves the draft made from a revision; 409 when another tab or device saved since',
  note: OWN,
});

export const duplicateTest = endpoint({
  method: 'POST',
  path: '/v1/tutor/tests/:id/duplicate',
  params: TutorTestParams,
  query: NoQuery,
  body: NoBody,
  answer: TutorTest,
  status: 201,
  access: 'tutor',
  summary: 'A new draft with a copy of this test’s draft',
  note: OWN,
});

/** A change of a test's status: no body, the test's summary back. */
const statusChange = (action: 'archive' | 'restore', summary: string) =>
  endpoint({
    method: 'POST',
    path: `/v1/tutor/tests/:id/${action}`,
    params: TutorTestParams,
    query: NoQuery,
    body: NoBody,
    answer: TutorTestSummary,
    status: 200,
    access: 'tutor',
    summary,
    note: OWN,
  });

export const archiveTest = statusChange(
  'archive',
  'Archives the test: off the list of tests to give; its results stay',
);
export const restoreTest = statusChange('restore', 'Takes the test out of the archive');

export const deleteTest = endpoint({
  method: 'DELETE',
  path: '/v1/tutor/tests/:id',
  params: TutorTestParams,
  query: NoQuery,
  answer: Done,
  status: 200,
  access: 'tutor',
  summary: 'Deletes a draft never published; a test once published is archived instead (409)',
  note: OWN,
});

export const publishChecklist = endpoint({
  method: 'GET',
  path: '/v1/tutor/tests/:id/checklist',
  params: TutorTestParams,
  query: NoQuery,
  answer: PublishChecklist,
  status: 200,
  access: 'tutor',
  summary: 'What keeps the draft from being published, each at its field, in the caller’s language',
  note: OWN,
});

export const publishTest = endpoint({
  method: 'POST',
  path: '/v1/tutor/tests/:id/publish',
  params: TutorTestParams,
  query: NoQuery,
  body: NoBody,
  answer: TutorTestSummary,
  status: 200,
  access: 'tutor',
  summary:
    'Publishes the draft as the next immutable version (the same draft again makes none); 422 lists what is missing',
  note: OWN,
});

export const previewTest = endpoint({
  method: 'POST',
  path: '/v1/tutor/tests/:id/preview',
  params: TutorTestParams,
  query: NoQuery,
  body: NoBody,
  answer: StartedSession,
  status: 201,
  access: 'tutor',
  summary: 'Starts the draft as a student would take it: a session that counts nowhere',
  note: OWN,
});

export const exportTest = endpoint({
  method: 'GET',
  path: '/v1/tutor/tests/:id/export',
  params: TutorTestParams,
  query: NoQuery,
  answer: LessonFile,
  status: 200,
  access: 'tutor',
  bare: true,
  summary: 'The draft as a lesson file (the format of content/), to download; 422 lists what is missing',
  note: OWN,
});

export const exportBank = endpoint({
  method: 'GET',
  path: '/v1/tutor/tests/:id/export-bank',
  params: TutorTestParams,
  query: ExportBankQuery,
  answer: SavedFile,
  status: 200,
  access: 'tutor',
  bare: true,
  file: true,
  summary:
    'The draft in one of its languages as Moodle XML or a QTI 2.1 content package (a zip), to download; 422 lists what is missing',
  note: OWN,
});

export const importTemplate = endpoint({
  method: 'GET',
  path: '/v1/tutor/tests/import-template',
  query: ImportTemplateQuery,
  answer: SavedFile,
  status: 200,
  access: 'tutor',
  bare: true,
  file: true,
  summary: 'A spreadsheet (CSV or XLSX) with the columns an import reads and a question of each type, to fill in',
});

export const importTests = endpoint({
  method: 'POST',
  path: '/v1/tutor/tests/import',
  query: NoQuery,
  body: ImportTestsRequest,
  answer: ImportResult,
  status: 201,
  access: 'tutor',
  summary:
    'New drafts from files (Zalik lesson files, Moodle XML, GIFT, Aiken, recognised by content): all or none, each refusal at its file and field in the caller’s language, and a report of what each file gave, skipped and changed',
});
