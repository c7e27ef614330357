import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import { catalogOf } from '../../../i18n/catalog-of.ts';
import type { Locale } from '../../../i18n/locales.ts';
import type { SpokenWords } from './spoken-text.ts';

/** The words read-aloud says around a question's own text, from `i18n`'s catalog. */
export function spokenWordsIn(i18n: I18n): SpokenWords {
  return {
    question: (n) => i18n._(msg`Question ${n}.`),
    picture: (alt) => i18n._(msg`Picture: ${alt}`),
    gap: (n) => i18n._(msg`gap ${n}`),
    prompts: i18n._(msg`Match each of these:`),
    options: i18n._(msg`Options:`),
  };
}

/**
 * The words around the questions in the test's language, not the interface's: a Polish test in a
 * Ukrainian interface says "Pytanie 1", never "Питання 1" in a Polish voice. The interface's own
 * catalog where the languages are one; else that language's, null while it loads.
 */
export function useSpokenWords(language: Locale): SpokenWords | null {
  const { i18n } = useLingui();
  const [other, setOther] = useState<I18n | null>(null);
  const own = i18n.locale === language;
  useEffect(() => {
    if (own) return;
    let current = true;
    catalogOf(language).then(
      (loaded) => current && setOther(loaded),
      (error: unknown) => console.error('The test language’s catalog could not be loaded', error),
    );
    return () => {
      current = false;
    };
  }, [language, own]);
  if (own) return spokenWordsIn(i18n);
  return other?.locale === language ? spokenWordsIn(other) : null;
}
