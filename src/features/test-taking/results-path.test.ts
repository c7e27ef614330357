import { afterEach, describe, expect, it, vi } from 'vitest';
import { auth } from '../../shared/auth/auth.ts';
import { clearTokens, setTokens } from '../../shared/auth/token-store.ts';
import { resultsPathAfterFinish } from './results-path.ts';

const UUID = '0b9f1c9e-3f4a-4c55-9d0e-2a1b3c4d5e6f';

afterEach(() => {
  vi.unstubAllGlobals();
  clearTokens();
  auth.reset();
});

describe('where a finished taker goes', () => {
  it('sends a visitor to the results preview with the session token', () => {
    expect(resultsPathAfterFinish(UUID, 'tok')).toBe(`/test/${UUID}/results-preview?api_token=tok`);
  });

  it('sends a signed-in taker to the result in the account', async () => {
    const user = {
      id: 'u1',
      email: 'a@example.test',
      firstname: 'Ann',
      lastname: 'Lee',
      role: 'student' as const,
      locale: 'en' as const,
      email_verified: true,
    };
    const later = Date.now() + 3_600_000;
    setTokens({ token: 't', refresh_token: 'r', expires_at: later, refresh_expires_at: later });
    vi.stubGlobal('fetch', async () => Response.json({ data: user }));
    auth.reset();
    auth.start();
    await expect.poll(() => auth.getState().status).toBe('authenticated');
    expect(resultsPathAfterFinish(UUID, 'tok')).toBe(`/account/passed-test-${UUID}`);
    // A tutor's preview is in no account: its results open by the token.
    expect(resultsPathAfterFinish(UUID, 'tok', true)).toBe(`/test/${UUID}/results-preview?api_token=tok`);
  });
});
