import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { StudentAssignment } from '../../../contract/assignments.ts';
import type { SessionUser } from '../../../contract/auth.ts';
import { LocaleContext } from '../../i18n/locale-context.tsx';
import { auth } from '../../shared/auth/auth.ts';
import { MyAssignments } from './MyAssignments.tsx';

const student: SessionUser = {
  id: 's1',
  email: 'olena@example.test',
  firstname: 'Olena',
  lastname: 'Koval',
  role: 'student',
  locale: 'en',
  email_verified: true,
};
const attempt = (over: Partial<StudentAssignment['attempts'][number]> = {}) => ({
  session: '0b9f1c9e-3f4a-4c55-9d0e-2a1b3c4d5e6f',
  status: 'finished' as const,
  started_at: 1,
  finished_at: 2,
  score: null,
  max_score: 10,
  ...over,
});
const assignment = (over: Partial<StudentAssignment>): StudentAssignment => ({
  code: 'ABCD2345',
  title: 'Fractions',
  state: 'open',
  opens_at: null,
  closes_at: null,
  attempts_allowed: 1,
  released: true,
  attempts: [],
  ...over,
});
let listed: StudentAssignment[] = [];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/v1/auth/session') return Response.json({ data: student });
      if (url.pathname === '/v1/profile/assignments') return Response.json({ data: listed });
      return Response.json({ message: 'nope' }, { status: 404 });
    }),
  );
  auth.reset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  auth.reset();
});

async function renderSignedIn() {
  await auth.signIn({
    token: 't',
    refresh_token: 'r',
    expires_at: Date.now() + 3.6e6,
    refresh_expires_at: 9e15,
    user: student,
  });
  const location = memoryLocation({ path: '/en/account' });
  render(
    <I18nProvider i18n={i18n}>
      <SWRConfig value={{ provider: () => new Map() }}>
        <LocaleContext value="en">
          <Router hook={location.hook}>
            <Router base="/en">
              <MyAssignments />
            </Router>
          </Router>
        </LocaleContext>
      </SWRConfig>
    </I18nProvider>,
  );
}

describe("a student's assignments in the account", () => {
  it('lists what is still to do, what is done with its score once released, and what waits for the close', async () => {
    listed = [
      assignment({ code: 'TODO2345', title: 'Not started yet' }),
      assignment({ code: 'DONE2345', title: 'Released', attempts: [attempt({ score: 7 })] }),
      assignment({ code: 'WAIT2345', title: 'Withheld', released: false, attempts: [attempt()] }),
      assignment({ code: 'GONE2345', title: 'Closed untaken', state: 'closed' }),
    ];
    await renderSignedIn();
    const toDo = await screen.findByRole('link', { name: 'Not started yet' });
    expect(toDo.getAttribute('href')).toBe('/en/a/TODO2345');
    expect(screen.getByRole('link', { name: '7 of 10' }).getAttribute('href')).toBe(
      '/en/account/passed-test-0b9f1c9e-3f4a-4c55-9d0e-2a1b3c4d5e6f',
    );
    expect(screen.getByText('Withheld').parentElement?.textContent).toContain('Results once the assignment closes');
    // A closed assignment never taken is neither to do nor done.
    expect(screen.queryByText('Closed untaken')).toBeNull();
  });

  it('says where assignments come from when there is none', async () => {
    listed = [];
    await renderSignedIn();
    expect(
      await screen.findByText('Assignments you open with a code from your tutor while signed in are listed here.'),
    ).toBeTruthy();
  });
});
