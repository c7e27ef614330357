/**
 * The built index.html for one path, with the route's code announced up front: the page's chunk
 * (and what it imports) and the language's catalog as `modulepreload` links, and `<html lang>` set.
 * Without them the browser finds each of these only after running the one before, one round trip
 * (or, offline, one service-worker lookup and one task) after another.
 *
 * Shared by the server (server/services/platform/app-shell.ts), which answers a first visit, and the service
 * worker (workers/sw.ts), which answers every visit after that, online or not, from its precache.
 * Both start from a table made of Vite's manifest at build time.
 */
import { type AppRouteMatch, type AppRouteName, matchAppPath } from '../contract/app-routes.ts';
import { LOCALE_TAGS, type Locale } from '../contract/locale.ts';
import { isShellSource } from './catalog-parts.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  assets?: string[];
  isEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * For each page module and catalog part (by manifest key): the files to preload, the entry's own
 * left out. Scripts are preloaded as modules; images (a landing page's hero art, its largest paint)
 * as images, so they arrive beside the scripts rather than once React has drawn the `<img>`.
 */
export type PreloadTable = Record<string, string[]>;

const IMAGE = /\.(?:svg|png|webp|avif|jpe?g)$/;

/** The page module of each route that has one page (`home` has none; the others follow below). */
const PAGE_MODULES = {
  student: 'src/features/landing/AudiencePage.tsx',
  tutor: 'src/features/landing/AudiencePage.tsx',
  test: 'src/features/test-taking/TestPage.tsx',
  'results-preview': 'src/features/results/ResultsPage.tsx',
  contacts: 'src/features/contacts/ContactsPage.tsx',
  account: 'src/features/account/AccountPage.tsx',
  'account-passed-tests': 'src/features/account/PassedTestsPage.tsx',
  'account-passed-test': 'src/features/account/PassedTestPage.tsx',
  'google-callback': 'src/features/account/GoogleCallbackPage.tsx',
  'tutor-test': 'src/features/tutor-tests/TutorTestPage.tsx',
  'tutor-assignments': 'src/features/tutor-assignments/TutorAssignmentsPage.tsx',
  assignment: 'src/features/assignments/AssignmentPage.tsx',
  verify: 'src/features/receipts/VerifyPage.tsx',
} as const satisfies Record<Exclude<AppRouteName, 'home' | 'test-role'>, string>;

/** `/{lang}/test-{role}[/{subject}[/{spec}]]`: three pages by depth. */
const CATALOG_MODULES = {
  subjects: 'src/features/catalog/SubjectsPage.tsx',
  specializations: 'src/features/catalog/SpecializationsPage.tsx',
  lessons: 'src/features/catalog/LessonsPage.tsx',
} as const;

const ERROR_MODULE = 'src/features/errors/ErrorPage.tsx';

/** The running test's code, which a lesson's page loads only when it resumes one. */
const RUNNING_TEST_MODULES = [
  'src/features/test-taking/TakingView.tsx',
  'src/features/test-taking/offline/offline-kit.ts',
] as const;

const catalogKey = (locale: Locale, part: 'shell' | 'pages') => `locales/${locale}/messages.po?part=${part}`;

/** Each route's page module, as Vite's manifest names it (src/app/pages.ts and route-table.tsx). */
export function pageModuleOf(match: AppRouteMatch | null): string | null {
  if (!match) return ERROR_MODULE;
  if (match.name === 'home') return null;
  if (match.name !== 'test-role') return PAGE_MODULES[match.name];
  if (match.params.spec !== undefined) return CATALOG_MODULES.lessons;
  if (match.params.subject !== undefined) return CATALOG_MODULES.specializations;
  return CATALOG_MODULES.subjects;
}

/** The table of every page and catalog part in a build, from Vite's manifest (a build-time step). */
export function preloadTable(manifest: ViteManifest): PreloadTable {
  const entryFiles = new Set(
    Object.values(manifest)
      .filter((chunk) => chunk.isEntry)
      .flatMap((chunk) => [chunk.file, ...(chunk.imports ?? []).map((key) => manifest[key]?.file ?? '')]),
  );
  const filesOf = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const asset of chunk.assets ?? []) if (IMAGE.test(asset)) into.add(asset);
    for (const imported of chunk.imports ?? []) filesOf(imported, into);
  };
  const keys = [
    ...new Set(Object.values(PAGE_MODULES)),
    ...Object.values(CATALOG_MODULES),
    ERROR_MODULE,
    ...RUNNING_TEST_MODULES,
    ...Object.keys(LOCALE_TAGS).flatMap((locale) => [
      catalogKey(locale as Locale, 'shell'),
      catalogKey(locale as Locale, 'pages'),
    ]),
  ];
  const table: PreloadTable = {};
  for (const key of keys) {
    if (!manifest[key]) continue;
    const files = new Set<string>();
    filesOf(key, files);
    table[key] = [...files].filter((file) => !entryFiles.has(file));
  }
  return table;
}

export interface ShellRenderer {
  /** The shell for a path (no query): 404 outside the app's routes, and the route's preloads. */
  render(path: string): { status: number; html: string };
}

export interface ShellOptions {
  /**
   * Also preload the running test's code on a lesson's page. The service worker, which answers
   * returning visits from its own cache, sets it: a lesson opened again is most often a test being
   * resumed, and this spares the resume a round of imports (bench:offline-return). The server, which
   * answers first visits over the network, shows a preview there and leaves it out.
   */
  runningTest?: boolean;
}

/** Renders shells from one index.html and its build's table; each (language, page) is made once. */
export function shellRenderer(template: string, table: PreloadTable, options: ShellOptions = {}): ShellRenderer {
  const cache = new Map<string, string>();
  return {
    render(path) {
      let decoded = path;
      try {
        decoded = decodeURIComponent(path);
      } catch {
        // A malformed escape is simply not one of the app's routes.
      }
      const match = matchAppPath(decoded);
      const status = match ? 200 : 404;
      const locale = (match?.locale ?? /^\/(uk|en|ru|pl)(?:\/|$)/.exec(decoded)?.[1] ?? null) as Locale | null;
      const page = pageModuleOf(match);
      const key = `${locale}|${page}`;
      let html = cache.get(key);
      if (html === undefined) {
        const files = new Set<string>();
        const add = (tableKey: string) => {
          for (const file of table[tableKey] ?? []) files.add(file);
        };
        if (locale) {
          add(catalogKey(locale, 'shell'));
          if (page && !isShellSource(page)) add(catalogKey(locale, 'pages'));
        }
        if (page) add(page);
        if (page === PAGE_MODULES.test && options.runningTest) for (const module of RUNNING_TEST_MODULES) add(module);
        const links = [...files]
          .map((file) =>
            IMAGE.test(file)
              ? `<link rel="preload" as="image" fetchpriority="high" href="/${file}">`
              : `<link rel="modulepreload" crossorigin href="/${file}">`,
          )
          .join('');
        html = template.replace('</head>', `${links}</head>`);
        if (locale) html = html.replace(/<html lang="[^"]*"/, `<html lang="${LOCALE_TAGS[locale]}"`);
        cache.set(key, html);
      }
      return { status, html };
    },
  };
}
