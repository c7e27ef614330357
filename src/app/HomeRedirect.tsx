import { Redirect } from 'wouter';
import { FALLBACK_LOCALE } from '../i18n/locales.ts';
import { browserPreferredLocale, homeRedirectTarget } from '../i18n/preferred-locale.ts';

/** `/` and `/{lang}`: on to a language's student page (`/` picks the language from cookie and browser). */
export function HomeRedirect() {
  const target =
    homeRedirectTarget(window.location.pathname, browserPreferredLocale()) ?? `/${FALLBACK_LOCALE}/student`;
  // `~`: the target is absolute, also from inside the nested `/{lang}` router.
  return <Redirect to={`~${target}`} replace />;
}
