import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberSession } from '../test-taking/resume/stored-session.ts';
import { ACTION_KEY, BIND_TEST_ACTION, keepResultAfterAuth, PASSED_TEST_KEY } from './keep-result.ts';
import { runPostAuthAction, UnknownPostAuthAction } from './post-auth.ts';
import { targetAfterAuth } from './use-after-auth.ts';

const uuid = '0b9f1c9e-3f4a-4c55-9d0e-2a1b3c4d5e6f';
const link = vi.fn(async (_item: string, _token: string) => ({ uuid, status: 'finished' }));

afterEach(() => {
  link.mockClear();
  localStorage.clear();
});

describe('the post-auth action', () => {
  it('links the stored anonymous result with its token, then clears both keys', async () => {
    rememberSession({ uuid, api_token: 'anon-token', slug: 'triangles', role: 'student' });
    keepResultAfterAuth(uuid);
    expect(localStorage.getItem(ACTION_KEY)).toBe('BIND_TEST_TO_USER_AND_REDIRECT_TO_PROFILE');
    await expect(runPostAuthAction(link)).resolves.toBe('linked');
    expect(link).toHaveBeenCalledWith(uuid, 'anon-token');
    expect(localStorage.getItem(ACTION_KEY)).toBeNull();
    expect(localStorage.getItem(PASSED_TEST_KEY)).toBeNull();
  });

  it('does nothing when the action is stored without a result', async () => {
    localStorage.setItem(ACTION_KEY, BIND_TEST_ACTION);
    await expect(runPostAuthAction(link)).resolves.toBe('nothing');
    expect(link).not.toHaveBeenCalled();
  });

  it('has nothing to do without a stored action', async () => {
    await expect(runPostAuthAction(link)).resolves.toBe('no-action');
    expect(link).not.toHaveBeenCalled();
  });

  it('rejects any other stored action as an error', async () => {
    localStorage.setItem(ACTION_KEY, 'DELETE_EVERYTHING');
    localStorage.setItem(PASSED_TEST_KEY, uuid);
    await expect(runPostAuthAction(link)).rejects.toBeInstanceOf(UnknownPostAuthAction);
    expect(link).not.toHaveBeenCalled();
  });

  it('keeps the keys when linking fails, so the result is not silently lost', async () => {
    rememberSession({ uuid, api_token: 'anon-token', slug: 'triangles', role: 'student' });
    keepResultAfterAuth(uuid);
    link.mockRejectedValueOnce(new Error('offline'));
    await expect(runPostAuthAction(link)).rejects.toThrow('offline');
    expect(localStorage.getItem(PASSED_TEST_KEY)).toBe(uuid);
  });
});

describe('where a sign-in leads', () => {
  it('goes to the account after linking, whatever was asked', () => {
    expect(targetAfterAuth('linked', '/en/contacts')).toBe('/account');
  });

  it('follows the redirect value, without its language, else the account', () => {
    expect(targetAfterAuth('no-action', '/pl/account/passed-tests')).toBe('/account/passed-tests');
    expect(targetAfterAuth('no-action', '/account?email=confirmed')).toBe('/account?email=confirmed');
    expect(targetAfterAuth('no-action', null)).toBe('/account');
    expect(targetAfterAuth('failed', null)).toBe('/account');
  });

  it('never follows a redirect off the site', () => {
    expect(targetAfterAuth('no-action', 'https://evil.example/')).toBe('/account');
    expect(targetAfterAuth('no-action', '//evil.example/x')).toBe('/account');
  });

  it('stays put when the action says nothing happens and nothing was asked', () => {
    expect(targetAfterAuth('nothing', null)).toBeNull();
    // A tutor's own pages begin at the workspace; a result just linked is still in the account.
    expect(targetAfterAuth('no-action', null, 'tutor')).toBe('/tutor');
    expect(targetAfterAuth('failed', null, 'tutor')).toBe('/tutor');
    expect(targetAfterAuth('linked', null, 'tutor')).toBe('/account');
    expect(targetAfterAuth('no-action', '/tutor/assignments', 'student')).toBe('/tutor/assignments');
  });
});
