import { describe, expect, it } from 'vitest';
import { matchAppPath } from './app-routes.ts';

describe('app routes', () => {
  it('knows every app route under each language', () => {
    const uuid = '0b9f1c9e-3f4a-4c55-9d0e-2a1b3c4d5e6f';
    const cases: [string, string, Record<string, string>?][] = [
      ['', 'home'],
      ['/account', 'account'],
      ['/account/passed-tests', 'account-passed-tests'],
      [`/account/passed-test-${uuid}`, 'account-passed-test', { uuid }],
      ['/contacts', 'contacts'],
      ['/verify', 'verify'],
      ['/login/google/callback', 'google-callback'],
      ['/student', 'student'],
      ['/tutor', 'tutor'],
      [`/tutor/tests/${uuid}`, 'tutor-test', { id: uuid }],
      [`/tutor/tests/${uuid}/preview`, 'tutor-test', { id: uuid, view: '/preview' }],
      ['/test-student', 'test-role', { role: 'student' }],
      ['/test-tutor/teaching', 'test-role', { role: 'tutor', subject: 'teaching' }],
      ['/test-student/mathematics/algebra', 'test-role', { role: 'student', subject: 'mathematics', spec: 'algebra' }],
      ['/test/triangles', 'test', { slug: 'triangles' }],
      [`/test/${uuid}/results-preview`, 'results-preview', { uuid }],
      ['/a/ABCD2345', 'assignment', { code: 'ABCD2345' }],
      ['/lti', 'assignment', { lti: 'lti' }],
    ];
    for (const lang of ['uk', 'en', 'ru', 'pl']) {
      for (const [path, name, params] of cases) {
        const match = matchAppPath(`/${lang}${path}`);
        expect(match?.name, `/${lang}${path}`).toBe(name);
        expect(match?.locale).toBe(lang);
        if (params) expect(match?.params).toMatchObject(params);
        expect(matchAppPath(`/${lang}${path}/`)?.name, 'trailing slash').toBe(name);
      }
    }
  });

  it('refuses what the app does not have', () => {
    for (const path of [
      '/en/test-teacher',
      '/en/test-teacher/mathematics',
      '/en/test-student/a/b/c',
      '/en/nope',
      '/de/student',
      '/en/account/passed-test-123',
      '/en/test',
      '/en/test/a/b',
      '/en/lti/other',
      '/en/ltix',
    ]) {
      expect(matchAppPath(path), path).toBeNull();
    }
  });

  it('matches a path without a language prefix, which the client then prefixes', () => {
    expect(matchAppPath('/')).toEqual({ locale: null, name: 'home', params: {} });
    expect(matchAppPath('/student')).toMatchObject({ locale: null, name: 'student' });
    expect(matchAppPath('/test/triangles')).toMatchObject({ locale: null, name: 'test' });
  });
});
