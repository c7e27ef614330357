import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { LocaleContext } from '../../i18n/locale-context.tsx';
import NewAssignment from './NewAssignment.tsx';

let refusal: { message: string; errors: Record<string, string[]> };
let sent: unknown = null;

beforeEach(() => {
  sent = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/v1/tutor/assignments' && request.method === 'POST') {
        sent = await request.json();
        return Response.json(refusal, { status: 422 });
      }
      return Response.json({ message: 'nope' }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  const location = memoryLocation({ path: '/tutor/assignments/new?lesson=fractions', record: true });
  render(
    <I18nProvider i18n={i18n}>
      <SWRConfig value={{ provider: () => new Map() }}>
        <LocaleContext value="en">
          <Router hook={location.hook} searchHook={location.searchHook}>
            <NewAssignment />
          </Router>
        </LocaleContext>
      </SWRConfig>
    </I18nProvider>,
  );
}

describe('giving a test', () => {
  it('says each of the server’s refusals at its own field, and the rest above the button', async () => {
    refusal = {
      message: 'The request body is not valid',
      errors: { lesson_slug: ['There is no such lesson in the catalog'], 'rules.attempts': ['must be from 1 to 10'] },
    };
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Give the test' }));
    const attempts = screen.getByRole('textbox', { name: 'Attempts allowed' });
    const message = await screen.findByText('must be from 1 to 10');
    expect(attempts.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(screen.getByText('There is no such lesson in the catalog')).toBeTruthy();
    // Both are at fields: nothing is said twice above the button.
    expect(screen.queryByText('The request body is not valid')).toBeNull();
    expect(sent).toMatchObject({ lesson_slug: 'fractions', rules: { attempts: 1, access: 'link', review: 'full' } });
  });

  it('says a refusal no field shows above the button', async () => {
    refusal = { message: 'closes_at must be after opens_at', errors: { '': ['closes_at must be after opens_at'] } };
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Give the test' }));
    expect(await screen.findByText(/closes_at must be after opens_at/)).toBeTruthy();
  });

  it('tells how attempts are counted for takers who are not signed in, and for accounts', () => {
    renderForm();
    const attempts = screen.getByRole('textbox', { name: 'Attempts allowed' });
    const hint = document.getElementById('assignment-attempts-hint');
    expect(hint?.textContent).toMatch(/counted per device/);
    expect(attempts.getAttribute('aria-describedby')).toContain('assignment-attempts-hint');
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Who may take it' })).getByLabelText('Signed-in students only'),
    );
    expect(document.getElementById('assignment-attempts-hint')?.textContent).toBe('Counted per account.');
  });
});
