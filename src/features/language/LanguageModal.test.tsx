import { i18n } from '@lingui/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAppAt } from '../../test/render-app.tsx';

vi.mock('../../app/pages.ts', async () => (await import('../../test/stub-pages.tsx')).stubPages());

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ message: 'not here' }, { status: 404 })),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  // The shell switched Lingui to another language; the other tests read English.
  await act(async () => {
    i18n.activate('en');
  });
});

describe('the language switcher', () => {
  it('lists the four languages with their own names, marks the current one, and switches on the same page', async () => {
    const location = renderAppAt('/en/test/linear?from=catalog');
    const button = await screen.findByRole('button', { name: 'Language: English' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Choose a language' });
    const options = Array.from(dialog.querySelectorAll('a'));
    expect(options.map((option) => option.textContent)).toEqual(['Українська', 'English', 'Polski', 'Русский']);
    expect(options.map((option) => option.getAttribute('href'))).toEqual([
      '/uk/test/linear?from=catalog',
      '/en/test/linear?from=catalog',
      '/pl/test/linear?from=catalog',
      '/ru/test/linear?from=catalog',
    ]);
    const current = screen.getByRole('link', { name: 'English' });
    expect(current.getAttribute('aria-current')).toBe('true');
    expect(document.activeElement).toBe(current);
    // Every flag is decoration beside the name it stands for.
    expect(dialog.querySelectorAll('svg.flag[aria-hidden="true"]')).toHaveLength(4);

    fireEvent.click(screen.getByRole('link', { name: 'Polski' }));
    expect(location.history.at(-1)).toBe('/pl/test/linear?from=catalog');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.documentElement.lang).toBe('pl-PL'));
    expect(document.cookie).toContain('locale=pl');
  });

  it('walks the list with the arrow keys', async () => {
    renderAppAt('/uk/student');
    fireEvent.click(await screen.findByRole('button', { name: /Українська/ }));
    const dialog = await screen.findByRole('dialog');
    const links = Array.from(dialog.querySelectorAll('a'));
    expect(document.activeElement).toBe(links[0]);
    fireEvent.keyDown(links[0] as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(links[1]);
    fireEvent.keyDown(links[1] as HTMLElement, { key: 'ArrowUp' });
    fireEvent.keyDown(links[0] as HTMLElement, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(links[3]);
  });
});
