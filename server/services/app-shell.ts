/**
 * The built app's index.html for one path, with the route's code announced up front: the page's
 * chunk (and what it imports) and the language's catalog as `modulepreload` links, and `<html lang>`
 * set. Without them the browser finds each of these only after running the one before, one round
 * trip after another on a slow network. Read once at start from dist/ and Vite's manifest.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AppRouteMatch, matchAppPath } from '../../contract/app-routes.ts';
import { LOCALE_TAGS } from '../../contract/locale.ts';
import { isShellSource } from '../../src/i18n/catalog-parts.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type ViteManifest = Record<string, ManifestChunk>;

/** Each route's page module, as Vite's manifest names it (src/app/pages.ts and route-table.tsx). */
export function pageModuleOf(match: AppRouteMatch | null): string | null {
  if (!match) return 'src/features/errors/ErrorPage.tsx';
  switch (match.name) {
    case 'home':
      return null;
    case 'student':
    case 'tutor':
      return 'src/features/landing/AudiencePage.tsx';
    case 'test-role':
      if (match.params.spec !== undefined) return 'src/features/catalog/LessonsPage.tsx';
      if (match.params.subject !== undefined) return 'src/features/catalog/SpecializationsPage.tsx';
      return 'src/features/catalog/SubjectsPage.tsx';
    case 'test':
      return 'src/features/test-taking/TestPage.tsx';
    case 'results-preview':
      return 'src/features/results/ResultsPage.tsx';
    case 'contacts':
      return 'src/features/contacts/ContactsPage.tsx';
    case 'account':
      return 'src/features/account/AccountPage.tsx';
    case 'account-passed-tests':
      return 'src/features/account/PassedTestsPage.tsx';
    case 'account-passed-test':
      return 'src/features/account/PassedTestPage.tsx';
    case 'google-callback':
      return 'src/features/account/GoogleCallbackPage.tsx';
  }
}

export interface AppShell {
  /** The shell for a path (no query), its status (404 outside the app's routes) and preloads. */
  render(path: string): { status: number; html: string };
}

export function loadAppShell(distDir: string): AppShell | null {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const template = readFileSync(indexPath, 'utf8');
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  // Without a manifest (an unusual build) the shell still works, only without preloads.
  const manifest: ViteManifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const entryFiles = new Set(
    Object.values(manifest)
      .filter((chunk) => chunk.isEntry)
      .flatMap((chunk) => [chunk.file, ...(chunk.imports ?? []).map((key) => manifest[key]?.file ?? '')]),
  );

  const filesOf = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) filesOf(imported, into);
  };

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
      const locale = match?.locale ?? /^\/(uk|en|ru|pl)(?:\/|$)/.exec(decoded)?.[1] ?? null;
      const page = pageModuleOf(match);
      const key = `${locale}|${page}`;
      let html = cache.get(key);
      if (html === undefined) {
        const files = new Set<string>();
        if (locale) {
          filesOf(`locales/${locale}/messages.po?part=shell`, files);
          if (page && !isShellSource(page)) filesOf(`locales/${locale}/messages.po?part=pages`, files);
        }
        if (page) filesOf(page, files);
        const links = [...files]
          .filter((file) => !entryFiles.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
          .join('');
        html = template.replace('</head>', `${links}</head>`);
        if (locale) html = html.replace(/<html lang="[^"]*"/, `<html lang="${LOCALE_TAGS[locale as 'en']}"`);
        cache.set(key, html);
      }
      return { status, html };
    },
  };
}
