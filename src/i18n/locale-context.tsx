import { createContext, useContext } from 'react';
import { FALLBACK_LOCALE, type Locale } from './locales.ts';

/** The locale of the URL, known before its catalog has finished loading. */
export const LocaleContext = createContext<Locale>(FALLBACK_LOCALE);

export function useLocale(): Locale {
  return useContext(LocaleContext);
}
