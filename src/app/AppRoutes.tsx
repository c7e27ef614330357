import { useEffect, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { matchAppPath } from '../../contract/app-routes.ts';
import { localeFromPath } from '../i18n/locales.ts';
import { browserPreferredLocale, prefixedPath } from '../i18n/preferred-locale.ts';
import { auth, useAuth } from '../shared/auth/auth.ts';
import { LocaleShell } from './LocaleShell.tsx';
import { roleHome } from './role-home.ts';

/**
 * Decides what a path is with the route table shared with the server, so both agree on every
 * deep link. A path without a language prefix (`/`, `/student`, `/test/x`) moves under the
 * preferred one: the signed-in user's locale, the `locale` cookie, the browser's languages, English.
 */
export function AppRoutes() {
  const [location] = useLocation();
  const search = useSearch();
  useEffect(() => auth.start(), []);
  const locale = localeFromPath(location);
  if (!locale) return <PrefixRedirect path={location} search={search} />;
  return <LocaleShell locale={locale} match={matchAppPath(location)} />;
}

function PrefixRedirect({ path, search }: { path: string; search: string }) {
  const [preferred] = useState(browserPreferredLocale);
  const state = useAuth();
  const isRoot = path === '/' || path === '';
  // The root depends on who is signed in: wait for the session rather than guess.
  if (isRoot && state.status === 'loading') return null;
  const target = isRoot ? roleHome(state) : path;
  return <Redirect to={prefixedPath(target, search, window.location.hash, state.user?.locale ?? preferred)} replace />;
}
