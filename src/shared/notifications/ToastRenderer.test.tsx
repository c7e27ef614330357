import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast/headless';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithI18n } from '../../test/render.tsx';
import ToastRenderer, { MAX_VISIBLE } from './ToastRenderer.tsx';

afterEach(() => {
  act(() => toast.remove());
});

const shown = () => document.querySelectorAll('.toast:not(.toast--leaving)');

describe('ToastRenderer', () => {
  it('shows a notification in a named area, and a swipe dismisses it', async () => {
    renderWithI18n(<ToastRenderer />);
    act(() => {
      toast.error('Your answer was not saved.');
    });
    const message = await screen.findByText('Your answer was not saved.');
    expect(message.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();

    const item = message.closest('li');
    if (!item) throw new Error('no toast');
    fireEvent.pointerDown(item, { pointerId: 1, clientX: 10 });
    fireEvent.pointerMove(item, { pointerId: 1, clientX: 60 });
    fireEvent.pointerUp(item, { pointerId: 1, clientX: 60 });
    await waitFor(() => expect(shown()).toHaveLength(0));
  });

  it('keeps at most three on screen, the newest', async () => {
    renderWithI18n(<ToastRenderer />);
    act(() => {
      for (const n of [1, 2, 3, 4]) toast(`Notice ${n}`);
    });
    await waitFor(() => expect(shown()).toHaveLength(MAX_VISIBLE));
    expect(Array.from(shown(), (item) => item.textContent)).not.toContain('Notice 1');
  });

  it('has a dismiss button', async () => {
    renderWithI18n(<ToastRenderer />);
    act(() => {
      toast('Saved.');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(shown()).toHaveLength(0));
  });
});
