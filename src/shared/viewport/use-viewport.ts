import { useEffect, useSyncExternalStore } from 'react';
import { writeCookie } from '../cookies.ts';
import { FALLBACK_VIEWPORT, fromQuery, VIEWPORTS, type Viewport } from './breakpoints.ts';

const VIEWPORT_COOKIE = 'viewport';

function queries(): MediaQueryList[] | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  return VIEWPORTS.map((name) => window.matchMedia(fromQuery(name)));
}

function subscribe(onChange: () => void): () => void {
  const lists = queries() ?? [];
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

function currentViewport(): Viewport {
  const lists = queries();
  if (!lists) return FALLBACK_VIEWPORT;
  let current: Viewport = 'mobile';
  lists.forEach((list, index) => {
    const name = VIEWPORTS[index];
    if (list.matches && name) current = name;
  });
  return current;
}

/** The named breakpoint the window is at now; re-renders only when it crosses one. */
export function useViewport(): Viewport {
  return useSyncExternalStore(subscribe, currentViewport, () => FALLBACK_VIEWPORT);
}

/** Keeps the `viewport` cookie on the breakpoint, so the server can tell what kind of screen asks. */
export function useViewportCookie(): Viewport {
  const viewport = useViewport();
  useEffect(() => writeCookie(VIEWPORT_COOKIE, viewport), [viewport]);
  return viewport;
}
