import { i18n } from '@lingui/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../contract/auth.ts';
import { auth } from '../shared/auth/auth.ts';
import { authModals } from '../shared/auth/auth-modal-store.ts';
import { getTokens, setTokens } from '../shared/auth/token-store.ts';
import { renderAppAt } from '../test/render-app.tsx';

// Stand-ins for the pages, but the real account home: its guard is part of the redirects.
vi.mock('./pages.ts', async () => ({
  ...(await import('../test/stub-pages.tsx')).stubPages(),
  AccountPage: (await import('../features/account/AccountPage.tsx')).default,
}));

const student: SessionUser = {
  id: 'u1',
  email: 'ann@example.test',
  firstname: 'Ann',
  lastname: 'Lee',
  role: 'student',
  locale: 'en',
  email_verified: true,
};
const tutor: SessionUser = { ...student, id: 'u2', firstname: 'Tom', role: 'tutor' };

let sessionUser: SessionUser | null = null;
const fetchMock = vi.fn(async (request: Request) => {
  const path = new URL(request.url).pathname;
  if (path === '/v1/auth/session' && sessionUser && request.headers.get('authorization') === 'Bearer tok')
    return Response.json({ data: sessionUser });
  if (path === '/v1/auth/logout') return Response.json({ data: { ok: true } });
  return Response.json({ message: 'not here' }, { status: path === '/v1/auth/session' ? 401 : 404 });
});

function signedInAs(user: SessionUser | null) {
  sessionUser = user;
  if (user)
    setTokens({
      token: 'tok',
      refresh_token: 'ref',
      expires_at: Date.now() + 3.6e6,
      refresh_expires_at: Date.now() + 9e9,
    });
  auth.reset();
}

// The modals' chunk is loaded on demand; transforming it the first time is slow on a busy machine.
beforeAll(() => import('../features/auth/AuthModals.tsx'), 30_000);

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  // Unmount first: a page still on screen would react to the sign-out below (and open the login).
  cleanup();
  // A test in another language switched the shared Lingui instance.
  i18n.activate('en');
  vi.unstubAllGlobals();
  localStorage.clear();
  auth.reset();
  authModals.reset();
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the cookie the shell writes.
  document.cookie = 'locale=; path=/; max-age=0';
});

const last = (location: { history: string[] }) => location.history.at(-1);

describe('redirects by role', () => {
  it.each([
    ['/', null, '/en/student'],
    ['/', tutor, '/en/tutor'],
    ['/', student, '/en/student'],
    ['/en', tutor, '/en/tutor'],
    ['/en', student, '/en/student'],
    ['/en', null, '/en/student'],
    ['/en/student', tutor, '/en/tutor'],
    ['/en/tutor', student, '/en/student'],
  ] as const)('%s as %o goes to %s', async (path, user, target) => {
    Object.defineProperty(navigator, 'languages', { value: ['en-US'], configurable: true });
    signedInAs(user);
    const location = renderAppAt(path);
    await waitFor(() => expect(last(location)).toBe(target));
  });

  it('leaves a student on the student page and a tutor on the tutor page', async () => {
    signedInAs(tutor);
    const location = renderAppAt('/en/tutor');
    expect(await screen.findByRole('link', { name: 'Your account: Tom' })).toBeTruthy();
    expect(last(location)).toBe('/en/tutor');
  });
});

describe('the signed-in user’s language', () => {
  it('moves the same path, query and all, under the user’s locale', async () => {
    signedInAs({ ...student, locale: 'pl' });
    const location = renderAppAt('/en/test-student/mathematics?x=1');
    await waitFor(() => expect(last(location)).toBe('/pl/test-student/mathematics?x=1'));
  });

  it('leaves visitors in the language of the URL', async () => {
    signedInAs(null);
    const location = renderAppAt('/uk/contacts');
    // The header's buttons are translated too.
    expect(await screen.findByRole('button', { name: 'Увійти' }, { timeout: 4000 })).toBeTruthy();
    expect(last(location)).toBe('/uk/contacts');
  });
});

describe('the account area', () => {
  it('sends a visitor to the login, with the current path as redirect, and opens the login modal', async () => {
    signedInAs(null);
    const location = renderAppAt('/en/account?email=confirmed');
    await waitFor(() =>
      expect(last(location)).toBe(`/en/student?auth=login&redirect=${encodeURIComponent('/account?email=confirmed')}`),
    );
    expect(await screen.findByRole('dialog', { name: 'Sign in' }, { timeout: 4000 })).toBeTruthy();
  });

  it('shows a signed-in user their account: name, role and e-mail state', async () => {
    signedInAs({ ...student, email_verified: false });
    renderAppAt('/en/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Lee' })).toBeTruthy();
    expect(screen.getByText('Student')).toBeTruthy();
    expect(screen.getByText('Not confirmed yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send the confirmation link again' })).toBeTruthy();
  });

  it('leads a tutor from the account to their tests and assignments; a student to their passed tests', async () => {
    signedInAs(tutor);
    renderAppAt('/en/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tom Lee' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My tests' }).getAttribute('href')).toBe('/en/tutor');
    expect(screen.getByRole('link', { name: 'Assignments' }).getAttribute('href')).toBe('/en/tutor/assignments');
    expect(screen.getByRole('link', { name: 'My passed tests' })).toBeTruthy();
    cleanup();
    signedInAs(student);
    renderAppAt('/en/account');
    expect(await screen.findByRole('link', { name: 'My passed tests' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'My tests' })).toBeNull();
  });

  it('says so when the confirmation link sent the browser back confirmed', async () => {
    signedInAs(student);
    renderAppAt('/en/account?email=confirmed');
    expect(await screen.findByText('Your e-mail address is confirmed. Thank you!')).toBeTruthy();
    expect(screen.getByText('Confirmed')).toBeTruthy();
  });
});

describe('the header', () => {
  it('offers sign-in and registration to visitors', async () => {
    signedInAs(null);
    renderAppAt('/en/contacts');
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('dialog', { name: 'Registration' }, { timeout: 5000 })).toBeTruthy();
  });

  it('signs out: token and session gone, logout called with the token, then / (and on to the student page)', async () => {
    signedInAs(tutor);
    const location = renderAppAt('/en/tutor');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(last(location)).toBe('/en/student'));
    expect(getTokens()).toBeNull();
    const logout = fetchMock.mock.calls.map(([r]) => r).find((r) => new URL(r.url).pathname === '/v1/auth/logout');
    expect(logout?.headers.get('authorization')).toBe('Bearer tok');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
