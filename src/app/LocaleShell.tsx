import { Suspense, useEffect } from 'react';
import { Route, Switch, useParams } from 'wouter';
import { activateLocale } from '../i18n/activate-locale.ts';
import { LocaleContext } from '../i18n/locale-context.tsx';
import { FALLBACK_LOCALE, isLocale, type Locale } from '../i18n/locales.ts';
import { writeLocaleCookie } from '../i18n/preferred-locale.ts';
import { setApiLanguage } from '../shared/api/index.ts';
import { PageProgress } from '../shared/ui/PageProgress.tsx';
import { HomeRedirect } from './HomeRedirect.tsx';
import { Layout } from './Layout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { LessonsPage, ResultsPage, SpecializationsPage, SubjectsPage, TestPage } from './pages.ts';

// regexparam cannot express `test-{role}`, so these two are plain regular expressions.
const SUBJECT_PATH = /^\/test-(?<role>[^/]+)\/(?<subject>[^/]+)\/?$/;
const SPECIALIZATION_PATH = /^\/test-(?<role>[^/]+)\/(?<subject>[^/]+)\/(?<spec>[^/]+)\/?$/;

/** Everything under `/{lang}`: the language is set up here; the pages below see nested paths. */
export function LocaleShell() {
  const { lang } = useParams<{ lang: string }>();
  const locale: Locale = isLocale(lang) ? lang : FALLBACK_LOCALE;
  // Requests made while the new catalog loads must already ask for the new language.
  setApiLanguage(locale);

  useEffect(() => {
    writeLocaleCookie(locale);
    // On failure (offline, say) the page stays readable in the language it had.
    activateLocale(locale).catch((error: unknown) => console.error('Could not load the catalog', error));
  }, [locale]);

  return (
    <LocaleContext value={locale}>
      <Layout>
        <Suspense fallback={<PageProgress />}>
          <Switch>
            <Route path="/">
              <HomeRedirect />
            </Route>
            <Route path="/student">
              <SubjectsPage audience="student" />
            </Route>
            <Route path="/tutor">
              <SubjectsPage audience="tutor" />
            </Route>
            <Route path={SUBJECT_PATH}>
              <SpecializationsPage />
            </Route>
            <Route path={SPECIALIZATION_PATH}>
              <LessonsPage />
            </Route>
            <Route path="/test/:uuid/results-preview">
              <ResultsPage />
            </Route>
            <Route path="/test/:slug">
              <TestPage />
            </Route>
            <Route>
              <NotFoundPage />
            </Route>
          </Switch>
        </Suspense>
      </Layout>
    </LocaleContext>
  );
}
