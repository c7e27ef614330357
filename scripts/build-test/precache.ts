/**
 * Reads what the built service worker (dist/sw.js) precaches: workbox-build replaces
 * `self.__WB_MANIFEST` in it with a JSON array of `{revision, url}` entries.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

export function readPrecacheEntries(distDir: string): PrecacheEntry[] {
  const source = readFileSync(join(distDir, 'sw.js'), 'utf8');
  if (source.includes('__WB_MANIFEST')) {
    throw new Error(`${distDir}/sw.js still has self.__WB_MANIFEST: the precache list was never injected`);
  }
  const entries: PrecacheEntry[] = [];
  const entry = /\{"revision":(null|"[0-9a-f]+"),"url":"([^"]+)"\}/g;
  for (const match of source.matchAll(entry)) {
    const [, revision = 'null', url = ''] = match;
    entries.push({ url, revision: revision === 'null' ? null : revision.slice(1, -1) });
  }
  if (entries.length === 0) throw new Error(`found no precache entries in ${distDir}/sw.js`);
  return entries;
}
