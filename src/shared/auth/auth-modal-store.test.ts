import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth } from './auth.ts';
import { authModals, MODAL_SWITCH_MS } from './auth-modal-store.ts';
import { setTokens } from './token-store.ts';

beforeEach(() => {
  vi.useFakeTimers();
  auth.reset();
  authModals.reset();
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  auth.reset();
});

describe('the auth modals', () => {
  it('switch from one to the other: the first closes at once, the second opens after 125 ms', () => {
    expect(MODAL_SWITCH_MS).toBe(125);
    authModals.open('login');
    authModals.switchTo('register');
    expect(authModals.getState().open).toBeNull();
    vi.advanceTimersByTime(124);
    expect(authModals.getState().open).toBeNull();
    vi.advanceTimersByTime(1);
    expect(authModals.getState().open).toBe('register');
  });

  it('closing during a switch cancels the second one', () => {
    authModals.open('register');
    authModals.switchTo('login');
    authModals.close();
    vi.advanceTimersByTime(500);
    expect(authModals.getState().open).toBeNull();
  });

  it('ignores sign-in and registration while the auth state is loading', () => {
    setTokens({ token: 't', refresh_token: 'r', expires_at: Date.now() + 1e6, refresh_expires_at: Date.now() + 1e7 });
    auth.reset();
    expect(auth.getState().status).toBe('loading');
    expect(authModals.open('login')).toBe(false);
    expect(authModals.open('register')).toBe(false);
    expect(authModals.getState()).toEqual({ open: null, wanted: false });
  });
});
