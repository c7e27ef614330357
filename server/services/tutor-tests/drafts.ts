/** Drafts made by the server: a new test's, and a copy's. */

import { LESSON_LIMITS } from '../../../contract/content.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { TestDraft } from '../../../contract/tutor-tests.ts';

/** A new test: in the tutor's language, 30 minutes, one empty block to write into. */
export function emptyDraft(locale: Locale): TestDraft {
  return {
    title: {},
    description: {},
    subject: null,
    specialization: null,
    duration_seconds: 30 * 60,
    languages: [locale],
    blocks: [{ id: 'b1', title: {}, questions: [] }],
  };
}

/** The same test with "(copy)" after each title, in each language's own word. */
export function copyOf(draft: TestDraft, suffix: (language: Locale) => string): TestDraft {
  const title = { ...draft.title };
  for (const language of draft.languages) {
    const base = title[language]?.trim();
    if (!base) continue;
    const tail = ` ${suffix(language)}`;
    title[language] = base.slice(0, LESSON_LIMITS.textLength - tail.length) + tail;
  }
  return { ...structuredClone(draft), title };
}
