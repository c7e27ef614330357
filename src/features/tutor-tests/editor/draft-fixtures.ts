import type { TestDraft, TutorTest } from '../../../../contract/tutor-tests.ts';

/** For the editor's tests: an English draft with a title and nothing else yet. */
export const draftTitled = (title: string): TestDraft => ({
  languages: ['en'],
  title: { en: title },
  description: { en: '' },
  duration_seconds: 600,
  subject: null,
  specialization: null,
  blocks: [],
});

export const FIXTURE_TEST_ID = '0b0c3f6e-8a55-4d6f-9a8e-3f1f2c4b5a6d';

/** The test as the server sends it at `revision`, its draft titled `title`. */
export const testAt = (revision: number, title = 'Server'): TutorTest => ({
  id: FIXTURE_TEST_ID,
  status: 'draft',
  title,
  languages: ['en'],
  subject: null,
  specialization: null,
  question_count: 0,
  duration_seconds: 600,
  revision,
  published_versions: 0,
  unpublished_changes: true,
  has_attempts: false,
  created_at: 1,
  updated_at: 1,
  draft: draftTitled(title),
});
