/**
 * What the service worker does with each URL, as plain functions of a URL (tested in cache-routes.test.ts,
 * used by sw.ts). Everything under /v1 goes to the network untouched, except a few public catalog
 * reads: online sessions (start, blocks, answers, finish, results) are never cached here.
 */
import { LANGUAGE_HEADER, matchPath } from '../contract/endpoint.ts';
import * as catalog from '../contract/endpoints/catalog.ts';
import { pickLocale } from '../contract/locale.ts';

export const CACHE_NAMES = {
  catalog: 'zalik-api-catalog',
  docs: 'zalik-docs',
  testBlocks: 'zalik-test-blocks',
  // -2: each question sealed apart (a new shape at the same addresses: the old copies are dropped).
  testPayloads: 'zalik-test-payloads-2',
  images: 'zalik-test-images',
} as const;

/**
 * A cache an older worker of this app kept that this one no longer reads: what it held changed
 * shape at the same addresses (the cache was renamed), so its copies would only be refused.
 */
export function isRetiredCache(name: string): boolean {
  return name.startsWith('zalik-') && !(Object.values(CACHE_NAMES) as string[]).includes(name);
}

export const CATALOG_CACHE_LIMITS = { maxEntries: 100, maxAgeSeconds: 7 * 24 * 60 * 60 } as const;
export const DOCS_CACHE_LIMITS = { maxEntries: 50, maxAgeSeconds: 30 * 24 * 60 * 60 } as const;
/** A running test's blocks: a second copy beside IndexedDB's, for a day (the longest a test can run offline). */
export const TEST_BLOCKS_CACHE_LIMITS = { maxEntries: 200, maxAgeSeconds: 24 * 60 * 60 } as const;

/**
 * Tests' sealed payloads (a version's questions in one language, opened by the key a start gives):
 * immutable at their address, fetched on a test's preview page. A few dozen cover the tests a
 * device previews in a month; a missing one is fetched again, or the blocks are, after the start.
 */
export const TEST_PAYLOADS_CACHE_LIMITS = { maxEntries: 40, maxAgeSeconds: 30 * 24 * 60 * 60 } as const;

/**
 * Images of tests: immutable (the address is the SHA-256 of the bytes), so kept until pushed out. A
 * test holds at most 20 MB of them; 300 entries hold the images of a few tests taken in a row.
 */
export const TEST_IMAGES_CACHE_LIMITS = { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 } as const;

/**
 * The pages an LTI platform opens (a launch's landing, its refusals, deep linking, dynamic
 * registration): the server sends them with headers of their own (a platform may frame them, and they
 * post back to it), so they always come from the server, never from the worker's stored shell.
 */
export const LTI_PAGES = /^\/(?:(?:uk|en|ru|pl)\/)?lti(?:[/?]|$)/;

/**
 * Navigations that must not get the app shell: the API, the static docs, the LTI pages, and anything
 * that looks like a file (the server answers those with a real 404 too, so a missing file never
 * becomes a page).
 */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/v1(?:\/|$)/, /^\/docs(?:\/|$)/, LTI_PAGES, /\/[^/]+\.[A-Za-z0-9]+$/];

/** The catalog's reads: the endpoints the contract marks as public data caches may keep. */
const CATALOG_READS = Object.values(catalog).filter((e) => e.method === 'GET' && e.cache === 'public');
// Under /v1/public/lessons/ a session's calls begin with this word, never a lesson's id or slug.
const NOT_A_LESSON_ID = 'online';

/** A GET of a public catalog read: subjects, specializations, lessons, one lesson's preview, page info. */
export function isCatalogRead(url: URL, method: string, origin: string): boolean {
  if (method !== 'GET' || url.origin !== origin) return false;
  return CATALOG_READS.some((e) => {
    const params = matchPath(e, url.pathname);
    return params !== null && params.id !== NOT_A_LESSON_ID;
  });
}

export function isDocsRead(url: URL, method: string, origin: string): boolean {
  return method === 'GET' && url.origin === origin && url.pathname.startsWith('/docs/');
}

/**
 * Catalog answers are in the language of the `application-language` header, which a cache keyed by
 * URL alone would not see: the key gets the language as a query parameter of its own.
 */
export function catalogCacheKey(url: string, languageHeader: string | null): string {
  const key = new URL(url);
  key.searchParams.set('zalik-lang', pickLocale(languageHeader));
  return key.href;
}

export { LANGUAGE_HEADER };

const BLOCK_PATH = /^\/v1\/public\/lessons\/online\/[^/]+\/blocks\/[^/]+$/;

/**
 * A GET of one block of a running test (questions, never the answers): network first, the cached
 * copy when offline. Nothing else of a session (state, answers, finish, results) is cached.
 */
export function isTestBlockRead(url: URL, method: string, origin: string): boolean {
  return method === 'GET' && url.origin === origin && BLOCK_PATH.test(url.pathname);
}

// The contract's sessions.payload, written out: its structs would weigh on the first page here.
const PAYLOAD_PATH = /^\/v1\/public\/lesson-versions\/[1-9]\d{0,8}\/payload\/(?:uk|en|ru|pl)$/;

/** A GET of a test's sealed payload: from the cache when there, the network once otherwise. */
export function isTestPayloadRead(url: URL, method: string, origin: string): boolean {
  return method === 'GET' && url.origin === origin && PAYLOAD_PATH.test(url.pathname);
}

const IMAGE_PATH = /^\/v1\/images\/[0-9a-f]{64}$/;

/** A GET of a test's image: from the cache when there, the network once otherwise. */
export function isTestImageRead(url: URL, method: string, origin: string): boolean {
  return method === 'GET' && url.origin === origin && IMAGE_PATH.test(url.pathname);
}
