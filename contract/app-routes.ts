/**
 * The app's routes, written once: the client router follows them and the server
 * answers a deep link outside them with status 404 (the shell still renders the 404 page).
 */
import { isLocale, type Locale } from './locale.ts';

export type AppRouteName =
  | 'home'
  | 'account'
  | 'account-passed-tests'
  | 'account-passed-test'
  | 'contacts'
  | 'google-callback'
  | 'student'
  | 'tutor'
  | 'tutor-test'
  | 'tutor-assignments'
  | 'assignment'
  | 'test-role'
  | 'test'
  | 'results-preview'
  | 'verify';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const SEGMENT = '[^/]+';

/** Paths under a language prefix, without it; a trailing slash is allowed everywhere. */
const ROUTES: [AppRouteName, RegExp][] = [
  ['home', /^$/],
  ['account', /^\/account$/],
  ['account-passed-tests', /^\/account\/passed-tests$/],
  ['account-passed-test', new RegExp(`^/account/passed-test-(?<uuid>${UUID})$`)],
  ['contacts', /^\/contacts$/],
  // Checking a signed receipt: a file chosen there, or (`?attempt=&code=`, its QR code) the server's copy.
  ['verify', /^\/verify$/],
  ['google-callback', /^\/login\/google\/callback$/],
  ['student', /^\/student$/],
  ['tutor', /^\/tutor$/],
  // A tutor's own test: its editor, or (`/preview`) taking it as a student would.
  ['tutor-test', new RegExp(`^/tutor/tests/(?<id>${UUID})(?<view>/preview)?$`)],
  // A tutor's assignments: the list; `/new` gives a test (`?test=` one of theirs, `?lesson=` a catalog
  // lesson); one assignment's monitor, its results, its question analysis, its marking by hand, or
  // one attempt's review.
  [
    'tutor-assignments',
    new RegExp(
      `^/tutor/assignments(?:/(?<view>new|accommodations)|/(?<id>${UUID})(?:/(?<tab>results|analysis|marking)|/attempts/(?<session>${UUID}))?)?$`,
    ),
  ],
  // A taker's way in: the code a class copies from the board, in either case; or from a learning
  // platform (LTI), whose pages (a launch's landing, a teacher's choice of a test to add to their
  // course, a dynamic registration) take what they need in the query.
  ['assignment', /^\/(?:a\/(?<code>[0-9A-Za-z]{8})|(?<lti>lti))$/],
  // The catalog's one route by depth: subjects, then a subject's specializations, then their lessons.
  ['test-role', new RegExp(`^/test-(?<role>student|tutor)(?:/(?<subject>${SEGMENT}))?(?:/(?<spec>${SEGMENT}))?$`)],
  ['results-preview', new RegExp(`^/test/(?<uuid>${SEGMENT})/results-preview$`)],
  ['test', new RegExp(`^/test/(?<slug>${SEGMENT})$`)],
];

export interface AppRouteMatch {
  /** The language prefix, or null when the path has none (the client then adds one). */
  locale: Locale | null;
  name: AppRouteName;
  params: Record<string, string>;
}

/** Matches a path (no query) against the app's routes; null for anything the app does not have. */
export function matchAppPath(path: string): AppRouteMatch | null {
  if (path === '/' || path === '') return { locale: null, name: 'home', params: {} };
  const [, first = '', rest = ''] = /^\/([^/]*)(.*)$/.exec(path) ?? [];
  const locale = isLocale(first) ? first : null;
  const tail = (locale ? rest : path).replace(/\/$/, '');
  for (const [name, pattern] of ROUTES) {
    const found = pattern.exec(tail);
    if (found && (locale || name !== 'home')) return { locale, name, params: { ...found.groups } };
  }
  return null;
}
