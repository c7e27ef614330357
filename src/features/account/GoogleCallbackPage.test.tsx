import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SessionUser } from '../../../contract/auth.ts';
import { LocaleContext } from '../../i18n/locale-context.tsx';
import { auth } from '../../shared/auth/auth.ts';
import { getTokens } from '../../shared/auth/token-store.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { CALLBACK_TARGET_KEY } from '../auth/redirect-target.ts';
import GoogleCallbackPage, { isProviderAnswer } from './GoogleCallbackPage.tsx';

vi.mock('../../shared/notifications/notify.ts', () => ({ notify: vi.fn(), preloadNotifications: vi.fn() }));

const tutor: SessionUser = {
  id: 'u7',
  email: 'tom@example.test',
  firstname: 'Tom',
  lastname: 'Tester',
  role: 'tutor',
  locale: 'uk',
  email_verified: true,
};
const pair = {
  token: 'g-tok',
  refresh_token: 'g-ref',
  expires_at: Date.now() + 3.6e6,
  refresh_expires_at: Date.now() + 9e9,
};
let callbackQuery = '';
let callbackStatus = 200;
let signedIn: SessionUser = tutor;

beforeEach(() => {
  callbackQuery = '';
  callbackStatus = 200;
  signedIn = tutor;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/v1/login/google/callback') {
        callbackQuery = url.search;
        return callbackStatus === 200
          ? Response.json({ data: { ...pair, user: signedIn } })
          : Response.json({ message: 'This sign-in has expired or was already used' }, { status: callbackStatus });
      }
      if (url.pathname === '/v1/auth/session') return Response.json({ data: signedIn });
      return Response.json({ message: 'nope' }, { status: 404 });
    }),
  );
  auth.reset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
  auth.reset();
});

function renderAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <I18nProvider i18n={i18n}>
      <SWRConfig value={{ provider: () => new Map() }}>
        <LocaleContext value="en">
          <Router hook={location.hook} searchHook={location.searchHook}>
            <Router base="/en">
              <GoogleCallbackPage />
            </Router>
          </Router>
        </LocaleContext>
      </SWRConfig>
    </I18nProvider>,
  );
  return location;
}

describe('the Google callback', () => {
  it('passes only a provider’s answer on', () => {
    expect(isProviderAnswer({ state: 's', code: 'c' })).toBe(true);
    expect(isProviderAnswer({ state: 's', error: 'access_denied' })).toBe(true);
    expect(isProviderAnswer({ code: 'c' })).toBe(false);
    expect(isProviderAnswer({})).toBe(false);
  });

  it('passes the query on as it came, stores the token and goes to the callback target in the user’s language', async () => {
    sessionStorage.setItem(CALLBACK_TARGET_KEY, '/en/tutor');
    const location = renderAt('/en/login/google/callback?code=abc&state=xyz&iss=http%3A%2F%2F127.0.0.1');
    await waitFor(() => expect(location.history.at(-1)).toBe('/uk/tutor'));
    expect(new URLSearchParams(callbackQuery)).toEqual(
      new URLSearchParams({ code: 'abc', state: 'xyz', iss: 'http://127.0.0.1' }),
    );
    expect(getTokens()?.token).toBe('g-tok');
    expect(auth.getState().user).toEqual(tutor);
    expect(sessionStorage.getItem(CALLBACK_TARGET_KEY)).toBeNull();
  });

  it('goes, without a callback target, to a tutor’s workspace or a student’s account', async () => {
    const location = renderAt('/en/login/google/callback?code=abc&state=other');
    await waitFor(() => expect(location.history.at(-1)).toBe('/uk/tutor'));
    cleanup();
    auth.reset();
    signedIn = { ...tutor, role: 'student' };
    const student = renderAt('/en/login/google/callback?code=def&state=another');
    await waitFor(() => expect(student.history.at(-1)).toBe('/uk/account'));
  });

  it('says so, and calls nothing, when there is no answer to finish', async () => {
    renderAt('/en/login/google/callback');
    expect(await screen.findByText(/there is none to finish/)).toBeTruthy();
    expect(callbackQuery).toBe('');
  });

  it('shows a refused answer and stays signed out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    callbackStatus = 400;
    renderAt('/en/login/google/callback?code=abc&state=stale');
    expect(await screen.findByText('This sign-in has expired or was already used')).toBeTruthy();
    expect(notify).toHaveBeenCalledWith(
      'An error occurred: This sign-in has expired or was already used',
      expect.objectContaining({ kind: 'error' }),
    );
    expect(getTokens()).toBeNull();
  });
});
