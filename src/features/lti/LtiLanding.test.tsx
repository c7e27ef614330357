import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { LAUNCH_REFUSALS } from '../../../contract/lti.ts';
import { LocaleContext } from '../../i18n/locale-context.tsx';
import LtiLanding, { destinationPath } from './LtiLanding.tsx';

const CODE = 'c'.repeat(43);

function renderAt(path: string) {
  const location = memoryLocation({ path });
  render(
    <I18nProvider i18n={i18n}>
      <LocaleContext value="en">
        <Router hook={location.hook} searchHook={location.searchHook}>
          <LtiLanding />
        </Router>
      </LocaleContext>
    </I18nProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('the LTI landing', () => {
  it('says why a launch was refused, for every refusal the server sends', () => {
    const said = new Set<string>();
    for (const refusal of LAUNCH_REFUSALS) {
      renderAt(`/lti?refused=${refusal}`);
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('Zalik could not open this activity.');
      said.add(String(alert.textContent));
      cleanup();
    }
    // Each refusal has words of its own.
    expect(said.size).toBe(LAUNCH_REFUSALS.length);
  });

  it('inside a platform’s frame, offers a window of its own and trades nothing', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    window.location.hash = CODE;
    renderAt('/lti');
    const open = screen.getByRole('link', { name: 'Open Zalik' });
    expect(open.getAttribute('href')).toContain(`#${CODE}`);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(fetch).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('says the server’s words when a code was used already', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'This sign-in was used already or has expired' }, { status: 404 })),
    );
    window.location.hash = CODE;
    renderAt('/lti');
    expect((await screen.findByRole('alert')).textContent).toContain('used already');
  });

  it('goes to the assignment, the monitor or the choice of a test', () => {
    expect(destinationPath({ kind: 'assignment', code: 'ABCD2345' })).toBe('/a/ABCD2345');
    expect(destinationPath({ kind: 'monitor', assignment_id: 'x' })).toBe('/tutor/assignments/x');
    expect(destinationPath({ kind: 'deepLinking', request: 'r-1' })).toBe('/lti?deep-link=r-1');
  });
});
