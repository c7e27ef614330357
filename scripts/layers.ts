/**
 * Which top folder may import which: lower layers never import upper ones. The contract is at the
 * bottom; the request client, the offline queue and the app shell's lists sit on it; the server, the
 * service worker and the answer worker, and the app use those. So the server and the workers never
 * reach into the app (src/), and the app reaches the server only through the contract; a script a
 * module starts by its address (`new URL(…, import.meta.url)`) counts as an import, but the app may
 * start the workers. Tools (scripts/, e2e/, the config files) may use anything. `layers.test.ts`
 * applies this to the tree.
 */
import { dirname, join, normalize } from 'node:path';

export const LAYER_RULES: Record<string, readonly string[]> = {
  contract: ['contract'],
  'api-client': ['api-client', 'contract'],
  'offline-queue': ['offline-queue', 'api-client', 'contract'],
  'app-shell': ['app-shell', 'contract'],
  server: ['server', 'contract', 'app-shell'],
  workers: ['workers', 'offline-queue', 'api-client', 'app-shell', 'contract'],
  src: ['src', 'offline-queue', 'api-client', 'app-shell', 'contract', 'locales', 'public'],
};

export interface SourceFile {
  /** Relative to the project root, with forward slashes. */
  path: string;
  source: string;
}

export interface Violation {
  file: string;
  imports: string;
  rule: string;
}

// Static imports and re-exports, side-effect imports, and dynamic import().
const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.{1,2}\/[^'"]+)\1/gm;
// Files a module loads by their own address: a worker thread's or a service worker's script.
const ADDRESSES = /\bnew\s+URL\s*\(\s*(['"])(\.{1,2}\/[^'"]+)\1\s*,\s*import\.meta\.url/gm;

/** Whose scripts a layer may start by address besides its own imports: the app starts the workers. */
export const ENTRY_RULES: Record<string, readonly string[]> = { src: ['workers'] };

function layerOf(path: string): string | null {
  const top = path.split('/')[0] ?? '';
  return top in LAYER_RULES || ['locales', 'public'].includes(top) ? top : null;
}

/**
 * Inside a layer, its parts in one direction, from the bottom up: a part may use those of its own
 * rank and below. The server's service domains (so that none imports another that imports it back),
 * and the app's shared code and languages below its features, below the app's frame (src/app).
 * Parts not named (the app's test helpers) are tools, like scripts/.
 */
export const PART_RANKS: Record<string, readonly (readonly string[])[]> = {
  'server/services': [
    ['accounts', 'catalog'],
    ['sessions'],
    ['platform'],
    ['formulas'],
    ['images'],
    ['storage'],
    ['question-banks'],
    ['tutor-tests'],
    ['assignments'],
    // A receipt reads what an attempt's taker may be shown of it (sessions' review levels).
    ['receipts'],
    // LTI launches land in assignments and send their grades: above them.
    ['lti'],
    // A person's data spans accounts, attempts and a tutor's assignments and tests.
    ['people'],
  ],
  src: [['config', 'i18n', 'shared', 'styles'], ['features'], ['app']],
};

/** `path`'s part of a ranked layer and that part's rank, or null. */
function rankOf(path: string): { root: string; part: string; rank: number } | null {
  for (const [root, ranks] of Object.entries(PART_RANKS)) {
    if (!path.startsWith(`${root}/`)) continue;
    const part = path.slice(root.length + 1).split('/')[0] ?? '';
    const rank = ranks.findIndex((parts) => parts.includes(part));
    return rank < 0 ? null : { root, part, rank };
  }
  return null;
}

/** Every relative import of `files` that crosses into a layer its own layer may not use. */
export function layerViolations(files: SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const from = layerOf(file.path);
    const allowed = from ? LAYER_RULES[from] : undefined;
    if (!allowed) continue;
    const check = (specifier: string, also: readonly string[], onlyLayers: boolean) => {
      const target = normalize(join(dirname(file.path), specifier.split('?')[0] as string)).replace(/\\/g, '/');
      const layer = layerOf(target);
      // An address outside the layers (the README a test reads) is no code of ours.
      if (onlyLayers && layer === null) return;
      const to = layer ?? target.split('/')[0] ?? target;
      if (!allowed.includes(to) && !also.includes(to)) {
        violations.push({ file: file.path, imports: specifier, rule: `${from}/ may import ${allowed.join(', ')}` });
        return;
      }
      const [own, theirs] = [rankOf(file.path), rankOf(target)];
      if (own && theirs && own.root === theirs.root && theirs.rank > own.rank) {
        const rule = `${own.root}/${own.part} is below ${own.root}/${theirs.part}`;
        violations.push({ file: file.path, imports: specifier, rule });
      }
    };
    for (const match of file.source.matchAll(SPECIFIERS)) check(match[2] as string, [], false);
    for (const match of file.source.matchAll(ADDRESSES)) check(match[2] as string, ENTRY_RULES[from ?? ''] ?? [], true);
  }
  return violations;
}
