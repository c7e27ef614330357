/**
 * After a move to another page inside the app, the keyboard's focus goes to the new page's heading
 * (its h1), as a page load would start a screen reader there (WCAG 2.4.3): otherwise it is left on
 * the link pressed or falls to <body> with the old page, and the next Tab starts at the top. Not on
 * the page first opened (nothing was pressed yet: the skip link stays the first stop), not for the
 * same page in another language, and not where the new page put the focus itself (a field to fill
 * in, a block's title). While a dialog holds the focus it waits for the dialog to close.
 */
import { useEffect } from 'react';
import { LOCALE_PREFIX } from '../../i18n/locales.ts';
import { focusOn, pageHeading } from '../ui/focus-rescue.ts';

/** How long a page may take to show its heading (its code and data loading) before it is let be. */
const HEADING_WAIT_MS = 10_000;
const LOOK_EVERY_MS = 50;

/** What was pressed last (a key's focused element, a pointer's target): null until anything was. */
let pressed: Element | null = null;
const onPress = (event: Event) => {
  if (event.target instanceof Element) pressed = event.target;
};

type Step = 'wait' | 'done';

/** One look at the page: the heading focused, the focus left where the page put it, or not yet. */
function step(pressedOn: Element): Step {
  const heading = pageHeading();
  const main = document.getElementById('main');
  if (!heading || !main) return 'wait';
  const active = document.activeElement;
  if (active?.closest('[role="dialog"], [role="alertdialog"]')) return 'wait';
  const stillOnPressed = active !== null && (active.contains(pressedOn) || pressedOn.contains(active));
  const placedByPage = active !== null && active !== main && main.contains(active) && !stillOnPressed;
  if (placedByPage) return 'done';
  // Under a dialog still closing the page is inert and takes no focus yet.
  return focusOn(heading) ? 'done' : 'wait';
}

export function useFocusOnNavigation(location: string): void {
  const page = location.replace(LOCALE_PREFIX, '');
  useEffect(() => {
    document.addEventListener('pointerdown', onPress, true);
    document.addEventListener('keydown', onPress, true);
    return () => {
      document.removeEventListener('pointerdown', onPress, true);
      document.removeEventListener('keydown', onPress, true);
    };
  }, []);

  useEffect(() => {
    // After the render that shows the new `page` (its heading may come later, with its code or data).
    const pressedOn = pressed;
    if (!pressedOn || !page) return;
    const until = Date.now() + HEADING_WAIT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      if (step(pressedOn) === 'wait' && Date.now() < until) timer = setTimeout(look, LOOK_EVERY_MS);
    };
    look();
    return () => clearTimeout(timer);
  }, [page]);
}
