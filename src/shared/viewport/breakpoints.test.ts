import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BREAKPOINTS, FALLBACK_VIEWPORT, VIEWPORTS, viewportForWidth } from './breakpoints.ts';
import { useViewport, useViewportCookie } from './use-viewport.ts';

/** A window of a given width, whose `min-width` queries answer (and announce changes) as a browser's would. */
function stubWidth(initial: number) {
  let width = initial;
  const lists: { query: string; listeners: Set<() => void> }[] = [];
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? Number.NaN);
    const entry = { query, listeners: new Set<() => void>() };
    lists.push(entry);
    return {
      get matches() {
        return width >= min;
      },
      addEventListener: (_: string, listener: () => void) => entry.listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => entry.listeners.delete(listener),
    };
  });
  return (next: number) => {
    width = next;
    for (const list of lists) for (const listener of list.listeners) listener();
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie.
  document.cookie = 'viewport=; path=/; max-age=0';
});

describe('breakpoints', () => {
  it('are ordered narrowest first', () => {
    expect(BREAKPOINTS).toEqual({
      mobile: 320,
      mobileMedium: 375,
      mobileWide: 425,
      tablet: 768,
      desktop: 1024,
      desktopMedium: 1280,
      desktopWide: 1600,
    });
    expect(VIEWPORTS[0]).toBe('mobile');
    expect(VIEWPORTS.at(-1)).toBe('desktopWide');
    expect(FALLBACK_VIEWPORT).toBe('desktop');
  });

  it.each([
    [280, 'mobile'],
    [320, 'mobile'],
    [374, 'mobile'],
    [375, 'mobileMedium'],
    [425, 'mobileWide'],
    [767, 'mobileWide'],
    [768, 'tablet'],
    [1024, 'desktop'],
    [1280, 'desktopMedium'],
    [1599, 'desktopMedium'],
    [1600, 'desktopWide'],
    [2560, 'desktopWide'],
  ])('%d px is %s', (width, name) => {
    expect(viewportForWidth(width)).toBe(name);
  });
});

describe('useViewport', () => {
  it('falls back to desktop where the width cannot be asked', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(renderHook(() => useViewport()).result.current).toBe('desktop');
  });

  it('follows the window across breakpoints and keeps the cookie on it', () => {
    const resize = stubWidth(390);
    const { result } = renderHook(() => useViewportCookie());
    expect(result.current).toBe('mobileMedium');
    expect(document.cookie).toContain('viewport=mobileMedium');
    act(() => resize(1300));
    expect(result.current).toBe('desktopMedium');
    expect(document.cookie).toContain('viewport=desktopMedium');
  });
});
