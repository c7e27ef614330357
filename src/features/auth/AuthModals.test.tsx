import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SessionUser } from '../../../contract/auth.ts';
import { LocaleContext } from '../../i18n/locale-context.tsx';
import { auth } from '../../shared/auth/auth.ts';
import { authModals } from '../../shared/auth/auth-modal-store.ts';
import { getTokens } from '../../shared/auth/token-store.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { rememberSession } from '../test-taking/resume/stored-session.ts';
import AuthModals from './AuthModals.tsx';
import { ACTION_KEY, keepResultAfterAuth, PASSED_TEST_KEY } from './keep-result.ts';

vi.mock('../../shared/notifications/notify.ts', () => ({ notify: vi.fn(), preloadNotifications: vi.fn() }));

const user: SessionUser = {
  id: 'u1',
  email: 'ann@example.test',
  firstname: 'Ann',
  lastname: 'Lee',
  role: 'student',
  locale: 'pl',
  email_verified: false,
};
const tokens = {
  token: 'tok',
  refresh_token: 'ref',
  expires_at: Date.now() + 3_600_000,
  refresh_expires_at: Date.now() + 9e9,
};

type Handler = (request: Request) => Response | Promise<Response>;
let routes: Record<string, Handler>;
const calls: { method: string; path: string; body: unknown; auth: string | null }[] = [];

beforeEach(() => {
  calls.length = 0;
  routes = {
    'GET /v1/auth/config': () => Response.json({ data: { google: true } }),
    'POST /v1/auth/login': () => Response.json({ data: { ...tokens, user } }),
    'GET /v1/auth/session': () => Response.json({ data: user }),
    'POST /v1/auth/register': () => Response.json({ data: { user } }, { status: 201 }),
    'POST /v1/profile/link-test': () => Response.json({ data: { uuid: 'x', status: 'finished' } }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.clone().text();
      calls.push({
        method: request.method,
        path: url.pathname,
        body: text ? JSON.parse(text) : null,
        auth: request.headers.get('authorization'),
      });
      const handler = routes[`${request.method} ${url.pathname}`];
      return handler ? handler(request) : Response.json({ message: 'nope' }, { status: 404 });
    }),
  );
  auth.reset();
  authModals.reset();
  vi.mocked(notify).mockClear();
});
afterEach(() => {
  // Unmount first: a page still on screen would react to the sign-out below (and open the login).
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  auth.reset();
  authModals.reset();
});

function renderModals(path = '/en/student') {
  const location = memoryLocation({ path, record: true });
  render(
    <I18nProvider i18n={i18n}>
      <SWRConfig value={{ provider: () => new Map() }}>
        <LocaleContext value="en">
          <Router hook={location.hook} searchHook={location.searchHook}>
            <Router base="/en">
              <AuthModals />
            </Router>
          </Router>
        </LocaleContext>
      </SWRConfig>
    </I18nProvider>,
  );
  return location;
}

function openModal(which: 'login' | 'register') {
  act(() => {
    authModals.open(which);
  });
  return screen.getByRole('dialog', { name: which === 'login' ? 'Sign in' : 'Registration' });
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const submit = (dialog: HTMLElement, name: string) => fireEvent.click(within(dialog).getByRole('button', { name }));

describe('the login modal', () => {
  it('is 460 px wide and shows each rule broken, with the toast for an invalid form', () => {
    renderModals();
    const dialog = openModal('login');
    expect(dialog.closest('.modal')?.getAttribute('style')).toContain('--modal-width: 460px');
    submit(dialog, 'Sign in');
    expect(within(dialog).getByText('Email is required')).toBeTruthy();
    expect(within(dialog).getByText('Value is required')).toBeTruthy();
    expect(notify).toHaveBeenCalledWith(
      'Please check the data you entered',
      expect.objectContaining({ kind: 'error' }),
    );

    type(field(dialog, 'E-mail'), 'ann@');
    type(field(dialog, 'Password'), 'short');
    submit(dialog, 'Sign in');
    expect(within(dialog).getByText('Enter a correct email')).toBeTruthy();
    expect(within(dialog).getByText('Password length must be 8 characters or more')).toBeTruthy();
    expect(field(dialog, 'E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path === '/v1/auth/login')).toBe(false);
  });

  it('offers show/hide on the password only once it is not empty', () => {
    renderModals();
    const dialog = openModal('login');
    expect(within(dialog).queryByRole('button', { name: 'Show' })).toBeNull();
    type(field(dialog, 'Password'), 'secret-words');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show' }));
    expect(field(dialog, 'Password').type).toBe('text');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(field(dialog, 'Password').type).toBe('password');
    type(field(dialog, 'Password'), '');
    expect(within(dialog).queryByRole('button', { name: /Show|Hide/ })).toBeNull();
  });

  it('clears its fields and messages when closed', async () => {
    renderModals();
    let dialog = openModal('login');
    type(field(dialog, 'E-mail'), 'ann@');
    submit(dialog, 'Sign in');
    expect(within(dialog).getByText('Enter a correct email')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 2000 });
    dialog = openModal('login');
    expect(field(dialog, 'E-mail').value).toBe('');
    expect(within(dialog).queryByText('Enter a correct email')).toBeNull();
  });

  it('switches to registration after the delay', async () => {
    renderModals();
    const dialog = openModal('login');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(screen.queryByRole('dialog', { name: 'Registration' })).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'Registration' })).toBeTruthy();
  });

  it('signs in, goes to the account in the user’s own language and sends the token from then on', async () => {
    const location = renderModals();
    const dialog = openModal('login');
    type(field(dialog, 'E-mail'), ' ann@example.test ');
    type(field(dialog, 'Password'), 'long-enough');
    submit(dialog, 'Sign in');
    await waitFor(() => expect(location.history.at(-1)).toBe('/pl/account'));
    expect(calls.find((c) => c.path === '/v1/auth/login')?.body).toEqual({
      email: 'ann@example.test',
      password: 'long-enough',
    });
    expect(calls.find((c) => c.path === '/v1/auth/session')?.auth).toBe('Bearer tok');
    expect(auth.getState()).toEqual({ status: 'authenticated', user });
    expect(authModals.getState().open).toBeNull();
  });

  it('follows the redirect value after signing in', async () => {
    const location = renderModals('/en/student?auth=login&redirect=%2Faccount%2Fpassed-tests');
    const dialog = openModal('login');
    type(field(dialog, 'E-mail'), 'ann@example.test');
    type(field(dialog, 'Password'), 'long-enough');
    submit(dialog, 'Sign in');
    await waitFor(() => expect(location.history.at(-1)).toBe('/pl/account/passed-tests'));
  });

  it('links a result kept from the results page, clears the keys and goes to the account', async () => {
    const uuid = '0b9f1c9e-3f4a-4c55-9d0e-2a1b3c4d5e6f';
    rememberSession({ uuid, api_token: 'anon', slug: 'triangles', role: 'student' });
    keepResultAfterAuth(uuid);
    const location = renderModals(`/en/test/${uuid}/results-preview?api_token=anon`);
    const dialog = openModal('login');
    type(field(dialog, 'E-mail'), 'ann@example.test');
    type(field(dialog, 'Password'), 'long-enough');
    submit(dialog, 'Sign in');
    await waitFor(() => expect(location.history.at(-1)).toBe('/pl/account'));
    const linked = calls.find((c) => c.path === '/v1/profile/link-test');
    expect(linked).toMatchObject({ method: 'POST', body: { item: uuid, api_token: 'anon' }, auth: 'Bearer tok' });
    expect(localStorage.getItem(ACTION_KEY)).toBeNull();
    expect(localStorage.getItem(PASSED_TEST_KEY)).toBeNull();
  });

  it('shows a failed sign-in as a toast and stays signed out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    routes['POST /v1/auth/login'] = () =>
      Response.json({ message: 'The e-mail or the password is wrong' }, { status: 401 });
    renderModals();
    const dialog = openModal('login');
    type(field(dialog, 'E-mail'), 'ann@example.test');
    type(field(dialog, 'Password'), 'long-enough');
    submit(dialog, 'Sign in');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'An error occurred: The e-mail or the password is wrong',
        expect.objectContaining({ kind: 'error' }),
      ),
    );
    expect(getTokens()).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('a sign-in answer without its token', () => {
  it('is logged, shown as the runtime error, and signs nobody in', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    routes['POST /v1/auth/login'] = () => Response.json({ data: { user } });
    renderModals();
    const dialog = openModal('login');
    type(field(dialog, 'E-mail'), 'ann@example.test');
    type(field(dialog, 'Password'), 'long-enough');
    submit(dialog, 'Sign in');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'An error occurred: Runtime error, check the console logs',
        expect.objectContaining({ kind: 'error' }),
      ),
    );
    expect(logged).toHaveBeenCalled();
    expect(getTokens()).toBeNull();
    expect(auth.getState().status).toBe('unauthenticated');
  });
});

describe('the registration modal', () => {
  function fill(dialog: HTMLElement) {
    type(field(dialog, 'Name'), 'Ann');
    type(field(dialog, 'Surname'), 'Lee');
    type(field(dialog, 'E-mail'), 'ann@example.test');
    type(field(dialog, 'Password'), 'long-enough');
    type(field(dialog, 'Repeat the password'), 'long-enough');
  }

  it('keeps the Google button disabled until the terms are agreed', async () => {
    renderModals();
    const dialog = openModal('register');
    const google = await within(dialog).findByRole('button', { name: 'Continue with Google' });
    expect((google as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox'));
    expect((google as HTMLButtonElement).disabled).toBe(false);
  });

  it('checks every field, the repeated password and the terms', () => {
    renderModals();
    const dialog = openModal('register');
    type(field(dialog, 'Name'), 'Al');
    type(field(dialog, 'Password'), 'long-enough');
    type(field(dialog, 'Repeat the password'), 'long-enougH');
    submit(dialog, 'Register');
    expect(within(dialog).getByText('This field should be at least 3 characters long')).toBeTruthy();
    expect(within(dialog).getByText('Passwords should match')).toBeTruthy();
    expect(within(dialog).getByText('Please accept the terms of use and the privacy policy')).toBeTruthy();
    expect(notify).toHaveBeenCalledWith('Please check the data you entered', expect.anything());
    expect(calls.some((c) => c.path === '/v1/auth/register')).toBe(false);
  });

  it('shows the server’s field errors on their fields', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    routes['POST /v1/auth/register'] = () =>
      Response.json(
        { message: 'Please check the data you entered', errors: { email: ['This e-mail is already registered'] } },
        { status: 422 },
      );
    renderModals();
    const dialog = openModal('register');
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('checkbox'));
    submit(dialog, 'Register');
    expect(await within(dialog).findByText('This e-mail is already registered')).toBeTruthy();
    expect(field(dialog, 'E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(notify).toHaveBeenCalledWith(
      'An error occurred during account registration: Please check the data you entered',
      expect.objectContaining({ kind: 'error' }),
    );
  });

  it('registers with the chosen role, signs in, shows the confirm-email notice, and its closing goes to the account', async () => {
    const location = renderModals();
    const dialog = openModal('register');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'a tutor' }));
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('checkbox'));
    submit(dialog, 'Register');
    const notice = await screen.findByRole('dialog', { name: 'Confirm your e-mail' });
    expect(notice.closest('.modal')?.getAttribute('style')).toContain('--modal-width: 600px');
    expect(notice.textContent).toContain('ann@example.test');
    const sent = calls.find((c) => c.path === '/v1/auth/register')?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      role: 'tutor',
      accept_policy: 1,
      firstname: 'Ann',
      password_confirmation: 'long-enough',
    });
    expect(typeof sent.timezone).toBe('string');
    expect(calls.some((c) => c.path === '/v1/auth/login')).toBe(true);
    expect(auth.getState().status).toBe('authenticated');

    fireEvent.click(within(notice).getByRole('button', { name: 'Go to my account' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/pl/account'));
  });

  it('starts on the role of the page it was opened on', () => {
    for (const [path, role] of [
      ['/en/tutor', 'a tutor'],
      ['/en/tutor/assignments/new', 'a tutor'],
      ['/en/test-tutor/maths', 'a tutor'],
      ['/en/student', 'a student'],
      ['/en/test/fractions', 'a student'],
      ['/en/tutorial', 'a student'],
    ] as const) {
      renderModals(path);
      const dialog = openModal('register');
      expect((within(dialog).getByRole('radio', { name: role }) as HTMLInputElement).checked, path).toBe(true);
      act(() => authModals.close());
      cleanup();
    }
  });

  it('brings a new tutor to the tutor’s workspace, in their language', async () => {
    const tutor = { ...user, role: 'tutor' as const };
    routes['POST /v1/auth/login'] = () => Response.json({ data: { ...tokens, user: tutor } });
    routes['GET /v1/auth/session'] = () => Response.json({ data: tutor });
    const location = renderModals('/en/tutor');
    const dialog = openModal('register');
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('checkbox'));
    submit(dialog, 'Register');
    const notice = await screen.findByRole('dialog', { name: 'Confirm your e-mail' });
    expect(calls.find((c) => c.path === '/v1/auth/register')?.body).toMatchObject({ role: 'tutor' });
    fireEvent.click(within(notice).getByRole('button', { name: 'Go to my tests' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/pl/tutor'));
  });
});

describe('signing in as a tutor', () => {
  it('goes to the tutor’s workspace, not the account', async () => {
    const tutor = { ...user, role: 'tutor' as const };
    routes['POST /v1/auth/login'] = () => Response.json({ data: { ...tokens, user: tutor } });
    routes['GET /v1/auth/session'] = () => Response.json({ data: tutor });
    const location = renderModals('/en/student');
    const dialog = openModal('login');
    type(field(dialog, 'E-mail'), 'ann@example.test');
    type(field(dialog, 'Password'), 'long-enough');
    submit(dialog, 'Sign in');
    await waitFor(() => expect(location.history.at(-1)).toBe('/pl/tutor'));
  });
});
