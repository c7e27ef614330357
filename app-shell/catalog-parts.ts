/**
 * Each locale's catalog is one .po file, sent to the browser in two parts: the shell part holds the
 * messages of the code a first visit runs (layout, header, footer, landing page, language modal,
 * error page, shared UI), the pages part everything else. A first visit to a landing page then
 * loads only the few messages it shows; any other page loads the rest along with its own code.
 *
 * `npm run build` checks that every source file in the first visit's chunks is a shell source
 * (scripts/check-bundle.ts), so a landing page can never show a message from the pages part.
 */
export type CatalogPart = 'shell' | 'pages';

/** Source paths (relative to the project root) whose messages go in the shell part. */
export const SHELL_SOURCES: readonly string[] = [
  'src/main.tsx',
  'src/app/',
  'src/shared/',
  'src/i18n/',
  'src/config/',
  'src/features/landing/',
  'src/features/language/',
  'src/features/errors/',
  'src/features/catalog/SubjectCards.tsx',
  'src/features/catalog/CardLink.tsx',
  // No messages: the header's sign-in button only starts loading the modals' chunk.
  'src/features/auth/auth-modals-loader.ts',
  // No messages: the entry only asks whether a lesson has a session to resume.
  'src/features/test-taking/resume/stored-session-key.ts',
];

/**
 * Folders inside the shell's that only pages past the first use: the form kit (number fields and the
 * like) and the moving of a list's items (the editor's lists, an ordering question's items).
 */
export const PAGES_ONLY_SOURCES: readonly string[] = ['src/shared/forms/', 'src/shared/ui/reorder/'];

const listed = (path: string, sources: readonly string[]) =>
  sources.some((source) => (source.endsWith('/') ? path.startsWith(source) : path === source));

export function isShellSource(file: string): boolean {
  const path = file.replace(/\\/g, '/').replace(/^\.\//, '');
  return listed(path, SHELL_SOURCES) && !listed(path, PAGES_ONLY_SOURCES);
}

/** Which part a message goes in, from the source files it appears in (the .po file's `#:` lines). */
export function partOfMessage(origins: readonly (readonly [file: string, line?: number])[]): CatalogPart {
  return origins.some(([file]) => isShellSource(file)) ? 'shell' : 'pages';
}
