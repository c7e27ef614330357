/** A tutor's test for server tests: one block of the given questions, ten minutes, in English unless told. */
import type { DraftQuestion, TestDraft } from '../../contract/tutor-tests.ts';

export function oneBlockDraft(title: string, questions: DraftQuestion[], texts: Partial<TestDraft> = {}): TestDraft {
  return {
    title: { en: title },
    description: { en: title },
    subject: null,
    specialization: null,
    duration_seconds: 600,
    languages: ['en'],
    blocks: [{ id: 'b1', title: { en: 'All' }, questions }],
    ...texts,
  };
}
