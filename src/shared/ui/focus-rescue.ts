/**
 * Keyboard focus never falls to <body> (WCAG 2.4.3): a focused control that is disabled, removed or
 * replaced (a busy button, a row that was deleted, a form started afresh) drops it there, and the
 * next Tab starts again at the top of the page. These put it back where the person was working.
 */

/** Whether the focus has fallen to <body> (or nowhere). */
export function focusDropped(): boolean {
  const active = document.activeElement;
  return !active || active === document.body;
}

/** The heading of the page shown now: where the focus goes when nothing nearer is left to take it. */
export const pageHeading = (): HTMLElement | null => document.querySelector<HTMLElement>('#main h1');

/** Whether `element` may take the focus: still on the page, not hidden and not disabled (focus() says the rest). */
function canFocus(element: Element | null): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element.isConnected &&
    !element.matches(':disabled') &&
    !element.closest('[hidden], [inert]')
  );
}

/**
 * Focuses `element`, a heading or a result's region too: one that Tab does not reach is made
 * focusable by script alone (tabindex -1), so it adds no stop to the Tab order.
 */
export function focusOn(element: HTMLElement | null | undefined): boolean {
  const target = element ?? null;
  if (!canFocus(target)) return false;
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus();
  return document.activeElement === target;
}

/**
 * Where the focus fell to <body>: back to `origin` (the control that was used) if it can take it
 * again, else to what `fallback` names (the action's result, or the next sensible control).
 * Focus that is somewhere already (moved on purpose, or never lost) is left alone.
 */
export function rescueFocus(origin: Element | null, fallback?: () => HTMLElement | null | undefined): void {
  if (!focusDropped()) return;
  if (canFocus(origin) && focusOn(origin)) return;
  focusOn(fallback?.());
}
