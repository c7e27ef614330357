import { describe, expect, it } from 'vitest';
import type { TestDraft } from '../../../contract/tutor-tests.ts';
import { say } from '../../i18n/messages.ts';
import { completeDraft } from '../../routes/tutor/draft-fixture.ts';
import { mergeTranslation } from './merge-translation.ts';

/** The fixture in one language only, its texts in that language changed to `(language) text`. */
function oneLanguage(language: 'en' | 'pl'): TestDraft {
  const draft = completeDraft();
  const pick = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(pick);
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value);
    if (entries.some(([k]) => k === 'en') && entries.every(([k]) => ['en', 'uk'].includes(k))) {
      const english = (value as Record<string, unknown>).en;
      return { [language]: Array.isArray(english) ? english.map((e) => `${language} ${e}`) : `${language} ${english}` };
    }
    return Object.fromEntries(entries.map(([k, v]) => [k, pick(v)]));
  };
  return { ...(pick(draft) as TestDraft), languages: [language] };
}

describe('a second file as a translation', () => {
  it('adds its texts in its language, keeping the first file’s answers and points', () => {
    const merged = mergeTranslation(oneLanguage('en'), oneLanguage('pl'), 'pl');
    if ('key' in merged) throw new Error(merged.key);
    expect(merged.languages).toEqual(['en', 'pl']);
    expect(merged.title).toEqual({ en: 'en Fractions', pl: 'pl Fractions' });
    const [single, , text] = merged.blocks[0]?.questions ?? [];
    expect(single?.options?.[0]?.text).toEqual({ en: 'en 4', pl: 'pl 4' });
    expect(single?.correct_option).toBe('a');
    expect(text?.accepted).toEqual({ en: ['en half'], pl: ['pl half'] });
  });

  it('refuses one that does not line up, saying where', () => {
    const other = oneLanguage('pl');
    other.blocks[0]?.questions.pop();
    const fewer = mergeTranslation(oneLanguage('en'), other, 'pl');
    expect('key' in fewer && say(fewer, 'en')).toBe(
      'Not a translation of the first file: block 1 has 3 questions against its 4',
    );
    const retyped = oneLanguage('pl');
    const question = retyped.blocks[0]?.questions[1];
    if (question) question.type = 'single';
    const typed = mergeTranslation(oneLanguage('en'), retyped, 'pl');
    expect('key' in typed && say(typed, 'en')).toBe(
      'Not a translation of the first file: question 2 of block 1 is of another type',
    );
    expect(mergeTranslation(oneLanguage('en'), oneLanguage('en'), 'en')).toEqual({
      key: 'bankTranslationSameLanguage',
    });
  });
});
