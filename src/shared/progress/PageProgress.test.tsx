import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../../test/render.tsx';
import { PageProgress } from './PageProgress.tsx';
import { startProgress, trackProgress } from './progress-store.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const bar = () => screen.queryByRole('progressbar', { name: 'Loading page' });
/** The bar as drawn, announced or not. */
const drawn = () => document.querySelector('.page-progress');

describe('PageProgress', () => {
  it('is in the page only while something loads, and fills and fades when it is done', () => {
    renderWithI18n(<PageProgress />);
    expect(bar()).toBeNull();

    let done = () => {};
    act(() => {
      done = startProgress();
    });
    expect(bar()?.className).toContain('page-progress--loading');

    // Done at once: no longer a progressbar to assistive technology, though still drawn a moment.
    act(() => done());
    expect(bar()).toBeNull();
    expect(drawn()?.className).toContain('page-progress--loading');
    expect(drawn()?.getAttribute('aria-hidden')).toBe('true');
    act(() => {
      vi.advanceTimersByTime(250);
    });
    expect(drawn()?.className).toContain('page-progress--done');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(drawn()).toBeNull();
  });

  it('waits for every pending task, each finishing once', async () => {
    renderWithI18n(<PageProgress />);
    let finish = (_: unknown) => {};
    let first = () => {};
    act(() => {
      first = startProgress();
      void trackProgress(new Promise((resolve) => (finish = resolve)));
    });
    act(() => {
      first();
      first();
      vi.advanceTimersByTime(1000);
    });
    expect(bar()?.className).toContain('page-progress--loading');
    await act(async () => {
      finish(null);
      await Promise.resolve();
    });
    expect(bar()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(drawn()?.className).toContain('page-progress--done');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(drawn()).toBeNull();
  });
});
