import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusOnNavigation } from './focus-on-navigation.ts';

/** The app's frame in little: a header link, and a page in <main> whose heading is its path. */
function Shell({ path, focusField = false }: { path: string; focusField?: boolean }) {
  useFocusOnNavigation(path);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusField) field.current?.focus();
  }, [focusField]);
  return (
    <>
      <header>
        <a href="#x">Menu link</a>
      </header>
      <main id="main" tabIndex={-1}>
        <h1 key={path}>{path}</h1>
        {focusField && <input ref={field} aria-label="Name" />}
      </main>
    </>
  );
}

describe('the focus after a move to another page', () => {
  it('stays off the first page, then goes to the new page’s heading, not for the same page in another language', async () => {
    const { rerender } = render(<Shell path="/en/one" />);
    expect(document.activeElement).toBe(document.body);
    const link = screen.getByRole('link', { name: 'Menu link' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Enter' });
    rerender(<Shell path="/en/two" />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: '/en/two' })));
    link.focus();
    rerender(<Shell path="/uk/two" />);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(document.activeElement).toBe(link);
  });

  it('leaves the focus where the new page put it', async () => {
    const { rerender } = render(<Shell path="/en/one" />);
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Menu link' }));
    rerender(<Shell path="/en/form" focusField />);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });
});
