import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchAppPath } from '../../contract/app-routes.ts';
import { renderAppAt } from '../test/render-app.tsx';

// Stand-ins for the lazy pages: this test is about which route a path is, not what pages show.
vi.mock('./pages.ts', async () => (await import('../test/stub-pages.tsx')).stubPages());

const uuid = '0b9f1c9e-3f4a-4c55-9d0e-2a1b3c4d5e6f';

/** The contract test's examples, each with the page the client must show for it. */
const EXAMPLES: [path: string, page: string | null][] = [
  ['', null],
  ['/account', 'AccountPage'],
  ['/account/passed-tests', 'PassedTestsPage'],
  [`/account/passed-test-${uuid}`, 'PassedTestPage'],
  ['/contacts', 'ContactsPage'],
  ['/verify', 'VerifyPage'],
  ['/login/google/callback', 'GoogleCallbackPage'],
  ['/student', 'AudiencePage'],
  ['/tutor', 'AudiencePage'],
  ['/test-student', 'SubjectsPage'],
  ['/test-tutor/teaching', 'SpecializationsPage'],
  ['/test-student/mathematics/algebra', 'LessonsPage'],
  ['/test/triangles', 'TestPage'],
  [`/test/${uuid}/results-preview`, 'ResultsPage'],
  [`/tutor/tests/${uuid}`, 'TutorTestPage'],
  [`/tutor/tests/${uuid}/preview`, 'TutorTestPage'],
  ['/tutor/assignments', 'AssignmentPages'],
  ['/tutor/assignments/new', 'AssignmentPages'],
  [`/tutor/assignments/${uuid}`, 'AssignmentPages'],
  [`/tutor/assignments/${uuid}/results`, 'AssignmentPages'],
  [`/tutor/assignments/${uuid}/attempts/${uuid}`, 'AssignmentPages'],
  ['/a/ABCD2345', 'AssignmentPages'],
];

async function shownRoute(): Promise<string | null> {
  await waitFor(() => expect(document.querySelector('[data-route]')).not.toBeNull());
  return document.querySelector('[data-route]')?.getAttribute('data-route') ?? null;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ message: 'not here' }, { status: 404 })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the cookie the shell writes.
  document.cookie = 'locale=; path=/; max-age=0';
});

describe('the client router agrees with the shared route table', () => {
  for (const lang of ['uk', 'en', 'ru', 'pl']) {
    for (const [rest, page] of EXAMPLES) {
      if (page === null) continue;
      for (const path of [`/${lang}${rest}`, `/${lang}${rest}/`]) {
        it(`${path} renders the route matchAppPath names`, async () => {
          renderAppAt(path);
          expect(await shownRoute()).toBe(matchAppPath(path)?.name);
          expect((await screen.findByText(/[{]/)).getAttribute('data-page')).toBe(page);
        });
      }
    }
  }

  it('gives the pages the params of the match', async () => {
    renderAppAt('/pl/test-student/mathematics/algebra');
    const page = await screen.findByText(/[{]/);
    expect(JSON.parse(page.textContent ?? '')).toMatchObject({
      role: 'student',
      subject: 'mathematics',
      spec: 'algebra',
    });
  });

  it('tells the audience pages apart', async () => {
    renderAppAt('/en/tutor');
    const page = await screen.findByText(/[{]/);
    expect(JSON.parse(page.textContent ?? '')).toMatchObject({ role: 'tutor' });
  });

  it.each([
    '/en/test-teacher',
    '/en/test-teacher/mathematics',
    '/en/test-student/a/b/c',
    '/en/nope',
    '/en/account/passed-test-123',
    '/en/test',
    '/en/test/a/b',
    '/en/a/ABC',
    '/en/a/ABCD23456',
    '/en/tutor/assignments/nope',
    '/en/tutor/assignments/new/results',
  ])('%s, which the server answers with 404, shows the 404 page', async (path) => {
    expect(matchAppPath(path)).toBeNull();
    renderAppAt(path);
    expect(await shownRoute()).toBe('not-found');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
  });

  it.each(['uk', 'en', 'ru', 'pl'])('/%s goes on to the student page of that language', async (lang) => {
    expect(matchAppPath(`/${lang}`)?.name).toBe('home');
    const location = renderAppAt(`/${lang}`);
    await waitFor(() => expect(location.history.at(-1)).toBe(`/${lang}/student`));
    expect(await shownRoute()).toBe('student');
  });
});

describe('paths without a language prefix', () => {
  it('sends / to the student page of the preferred language', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the choice a visitor made before.
    document.cookie = 'locale=pl; path=/';
    const location = renderAppAt('/');
    await waitFor(() => expect(location.history.at(-1)).toBe('/pl/student'));
  });

  it.each([
    ['/student', '/en/student'],
    ['/test/triangles', '/en/test/triangles'],
    ['/contacts', '/en/contacts'],
    ['/test/x/results-preview?api_token=abc', '/en/test/x/results-preview?api_token=abc'],
  ])('moves %s under a language, query included', async (path, target) => {
    Object.defineProperty(navigator, 'languages', { value: ['de-DE', 'en-US'], configurable: true });
    const location = renderAppAt(path);
    await waitFor(() => expect(location.history.at(-1)).toBe(target));
    expect(await shownRoute()).toBe(matchAppPath(target.split('?')[0] ?? '')?.name);
  });
});
