import { useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { matchAppPath } from '../../contract/app-routes.ts';
import { localeFromPath } from '../i18n/locales.ts';
import { browserPreferredLocale, prefixedPath } from '../i18n/preferred-locale.ts';
import { LocaleShell } from './LocaleShell.tsx';

/**
 * Decides what a path is with the route table shared with the server, so both agree on every
 * deep link. A path without a language prefix (`/`, `/student`, `/test/x`) moves under the
 * preferred one: the `locale` cookie, then the browser's languages, then English.
 */
export function AppRoutes() {
  const [location] = useLocation();
  const search = useSearch();
  const locale = localeFromPath(location);
  if (!locale) return <PrefixRedirect path={location} search={search} />;
  return <LocaleShell locale={locale} match={matchAppPath(location)} />;
}

function PrefixRedirect({ path, search }: { path: string; search: string }) {
  // Auth (next issue): at `/` a signed-in tutor goes to the tutor page.
  const [preferred] = useState(browserPreferredLocale);
  return <Redirect to={prefixedPath(path, search, window.location.hash, preferred)} replace />;
}
