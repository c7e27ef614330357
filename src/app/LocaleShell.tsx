import { Suspense, useEffect } from 'react';
import { Redirect, Router, useLocation, useSearch } from 'wouter';
import type { AppRouteMatch } from '../../contract/app-routes.ts';
import { activateLocale } from '../i18n/activate-locale.ts';
import { LocaleContext } from '../i18n/locale-context.tsx';
import type { Locale } from '../i18n/locales.ts';
import { writeLocaleCookie } from '../i18n/preferred-locale.ts';
import { setApiLanguage } from '../shared/api/index.ts';
import { useAuth } from '../shared/auth/auth.ts';
import { ProgressWhileMounted, useProgressOnChange } from '../shared/progress/PageProgress.tsx';
import { trackProgress } from '../shared/progress/progress-store.ts';
import { useFocusOnNavigation } from '../shared/routing/focus-on-navigation.ts';
import { samePageIn } from '../shared/routing/paths.ts';
import { ErrorBoundary } from '../shared/ui/ErrorBoundary.tsx';
import { AppLayout } from './AppLayout.tsx';
import { ErrorPage } from './pages.ts';
import { roleHome } from './role-home.ts';
import { ROUTE_VIEWS } from './route-table.tsx';

/**
 * Everything under `/{lang}`: the language is set up here, then the route's page is shown in its
 * layout. Pages below see paths without the prefix (a nested router with the language as base).
 */
export function LocaleShell({ locale, match }: { locale: Locale; match: AppRouteMatch | null }) {
  const [location] = useLocation();
  const search = useSearch();
  const state = useAuth();
  // Requests made while the new catalog loads must already ask for the new language.
  setApiLanguage(locale);
  useProgressOnChange(location);
  useFocusOnNavigation(location);

  useEffect(() => {
    writeLocaleCookie(locale);
    // On failure (offline, say) the page stays readable in the language it had.
    trackProgress(activateLocale(locale)).catch((error: unknown) => console.error('Could not load the catalog', error));
  }, [locale]);

  // A signed-in user reads the app in their account's language, whatever the path says. The
  // contract admits only supported locales in a session, so a fallback to en cannot arise here.
  if (state.user && state.user.locale !== locale) {
    return <Redirect to={samePageIn(state.user.locale, location, search, window.location.hash)} replace />;
  }
  if (match?.name === 'home') {
    // Who is signed in decides the page: wait for the session rather than guess.
    if (state.status === 'loading') return null;
    return <Redirect to={`~/${locale}${roleHome(state)}`} replace />;
  }
  const view = match ? ROUTE_VIEWS[match.name] : null;

  return (
    <LocaleContext value={locale}>
      <Router base={`/${locale}`}>
        <AppLayout layout={view?.layout ?? 'default'} route={match?.name ?? 'not-found'}>
          {/* A page that throws while rendering becomes the 500 page; the header and footer stay usable. */}
          <ErrorBoundary resetKey={location} fallback={<ErrorPage status={500} />}>
            <Suspense fallback={<ProgressWhileMounted />}>
              {view && match ? <view.page params={match.params} /> : <ErrorPage status={404} />}
            </Suspense>
          </ErrorBoundary>
        </AppLayout>
      </Router>
    </LocaleContext>
  );
}
