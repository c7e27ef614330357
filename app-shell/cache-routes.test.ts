import { describe, expect, it } from 'vitest';
import { matchPath } from '../contract/endpoint.ts';
import { payload } from '../contract/endpoints/sessions.ts';
import {
  CACHE_NAMES,
  catalogCacheKey,
  isCatalogRead,
  isDocsRead,
  isRetiredCache,
  isTestBlockRead,
  isTestImageRead,
  isTestPayloadRead,
  NAVIGATION_DENYLIST,
} from './cache-routes.ts';

const origin = 'https://zalik.example';
const at = (path: string) => new URL(path, origin);
const catalog = (path: string, method = 'GET') => isCatalogRead(at(path), method, origin);
const denied = (path: string) => NAVIGATION_DENYLIST.some((pattern) => pattern.test(path));

describe('service worker routes', () => {
  it('caches the public catalog reads', () => {
    expect(catalog('/v1/public/subjects/list')).toBe(true);
    expect(catalog('/v1/public/specializations/list?subject_slug=physics')).toBe(true);
    expect(catalog('/v1/public/lessons/list?subject_slug=physics&subject_spec_slug=optics')).toBe(true);
    expect(catalog('/v1/public/lessons/42?preview=1')).toBe(true);
    expect(catalog('/v1/public/main-page')).toBe(true);
    expect(catalog('/v1/public/subjects/page-info?subject_slug=physics')).toBe(true);
    expect(catalog('/v1/public/specializations/page-info?subject_slug=a&subject_spec_slug=b')).toBe(true);
  });

  it('never caches an online session, a write or another origin', () => {
    expect(catalog('/v1/public/lessons/42/start', 'POST')).toBe(false);
    expect(catalog('/v1/public/lessons/42/start')).toBe(false);
    expect(catalog('/v1/public/lessons/online/7c9e6679-7425-40de-944b-e07fc1f90ae7?api_token=x')).toBe(false);
    expect(catalog('/v1/public/lessons/online/abc/blocks/1?api_token=x')).toBe(false);
    expect(catalog('/v1/public/lessons/online/abc/answer', 'POST')).toBe(false);
    expect(catalog('/v1/public/lessons/online/abc/results?api_token=x')).toBe(false);
    expect(catalog('/v1/profile/completed-tests')).toBe(false);
    expect(catalog('/v1/public/lessons/')).toBe(false);
    expect(catalog('/v1/public/subjects/list', 'HEAD')).toBe(false);
    expect(isCatalogRead(new URL('https://elsewhere.example/v1/public/subjects/list'), 'GET', origin)).toBe(false);
  });

  it('caches docs under /docs/ only', () => {
    expect(isDocsRead(at('/docs/terms-en.html'), 'GET', origin)).toBe(true);
    expect(isDocsRead(at('/docsx'), 'GET', origin)).toBe(false);
  });

  it('keeps the API, the docs, the LTI pages and files out of the navigation fallback', () => {
    expect(denied('/v1/')).toBe(true);
    expect(denied('/v1/public/subjects/list')).toBe(true);
    expect(denied('/docs/privacy-en.html')).toBe(true);
    expect(denied('/build.json')).toBe(true);
    expect(denied('/en/lti')).toBe(true);
    expect(denied('/uk/lti?deep-link=7c9e6679-7425-40de-944b-e07fc1f90ae7')).toBe(true);
    expect(denied('/lti?register=abc')).toBe(true);
    expect(denied('/en/ltix')).toBe(false);
    expect(denied('/en/student')).toBe(false);
    expect(denied('/uk/test-student/physics/optics')).toBe(false);
    expect(denied('/')).toBe(false);
  });

  it('keys catalog answers by language as well as URL', () => {
    const url = `${origin}/v1/public/subjects/list`;
    expect(catalogCacheKey(url, 'uk')).toBe(`${url}?zalik-lang=uk`);
    expect(catalogCacheKey(url, null)).toBe(`${url}?zalik-lang=en`);
    expect(catalogCacheKey(url, 'pl')).not.toBe(catalogCacheKey(url, 'ru'));
  });

  it('keeps a running test’s blocks for offline use, and nothing else of a session', () => {
    const block = (path: string, method = 'GET') => isTestBlockRead(at(path), method, origin);
    expect(block('/v1/public/lessons/online/abc/blocks/b1?api_token=x')).toBe(true);
    expect(block('/v1/public/lessons/online/abc/blocks/b1', 'POST')).toBe(false);
    expect(block('/v1/public/lessons/online/abc?api_token=x')).toBe(false);
    expect(block('/v1/public/lessons/online/abc/answer')).toBe(false);
    expect(block('/v1/public/lessons/online/abc/results?api_token=x')).toBe(false);
    expect(
      isTestBlockRead(new URL('https://elsewhere.example/v1/public/lessons/online/a/blocks/b'), 'GET', origin),
    ).toBe(false);
  });

  it("keeps tests' sealed payloads: the contract's path, and nothing else", () => {
    const sealed = (path: string, method = 'GET') => isTestPayloadRead(at(path), method, origin);
    for (const locale of ['uk', 'en', 'ru', 'pl']) {
      const path = `/v1/public/lesson-versions/12/payload/${locale}`;
      expect(sealed(path)).toBe(true);
      // The same path as the contract's endpoint: the worker's copy of it has not drifted.
      expect(matchPath(payload, path)).toEqual({ version: '12', locale });
    }
    expect(sealed('/v1/public/lesson-versions/12/payload/de')).toBe(false);
    expect(sealed('/v1/public/lesson-versions/0/payload/en')).toBe(false);
    expect(sealed('/v1/public/lesson-versions/12/payload/en', 'POST')).toBe(false);
    expect(sealed('/v1/public/lesson-versions/12')).toBe(false);
    expect(
      isTestPayloadRead(new URL('https://elsewhere.example/v1/public/lesson-versions/1/payload/en'), 'GET', origin),
    ).toBe(false);
  });

  it("drops the caches an older worker kept in another shape, and no other app's or Workbox's", () => {
    // Payloads sealed whole, before each question had its own key.
    expect(isRetiredCache('zalik-test-payloads')).toBe(true);
    for (const name of Object.values(CACHE_NAMES)) expect(isRetiredCache(name)).toBe(false);
    expect(isRetiredCache('workbox-precache-v2-https://zalik.example/')).toBe(false);
    expect(isRetiredCache('other-app-cache')).toBe(false);
  });

  it('keeps test images, and nothing else under /v1/images', () => {
    const image = (path: string, method = 'GET') => isTestImageRead(at(path), method, origin);
    const id = 'ab'.repeat(32);
    expect(image(`/v1/images/${id}`)).toBe(true);
    expect(image(`/v1/images/${id}`, 'POST')).toBe(false);
    expect(image('/v1/images/not-an-id')).toBe(false);
    expect(image(`/v1/tutor/images`)).toBe(false);
    expect(isTestImageRead(new URL(`https://elsewhere.example/v1/images/${id}`), 'GET', origin)).toBe(false);
  });
});
