import { useLingui } from '@lingui/react/macro';
import type { Locale } from '../../../i18n/locales.ts';

/** Each content language's name in the interface language. */
export function useLanguageNames(): Record<Locale, string> {
  const { t } = useLingui();
  return { uk: t`Ukrainian`, en: t`English`, ru: t`Russian`, pl: t`Polish` };
}
