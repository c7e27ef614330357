/**
 * The viewport breakpoints, in px: the one source for the `useViewport`
 * hook, the `viewport` cookie and, through a unit test, every `@media` width in the CSS.
 */
export const BREAKPOINTS = {
  mobile: 320,
  mobileMedium: 375,
  mobileWide: 425,
  tablet: 768,
  desktop: 1024,
  desktopMedium: 1280,
  desktopWide: 1600,
} as const;

export type Viewport = keyof typeof BREAKPOINTS;

/** What is assumed when the width cannot be known (no window, no matchMedia). */
export const FALLBACK_VIEWPORT: Viewport = 'desktop';

/** Narrowest first. */
export const VIEWPORTS = (Object.keys(BREAKPOINTS) as Viewport[]).sort((a, b) => BREAKPOINTS[a] - BREAKPOINTS[b]);

/** The widest breakpoint a width reaches; anything narrower than the first still counts as `mobile`. */
export function viewportForWidth(width: number): Viewport {
  let current: Viewport = 'mobile';
  for (const name of VIEWPORTS) if (width >= BREAKPOINTS[name]) current = name;
  return current;
}

/** The media query that is true from a breakpoint up, as the CSS writes it. */
export function fromQuery(name: Viewport): string {
  return `(min-width: ${BREAKPOINTS[name]}px)`;
}
