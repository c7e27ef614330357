/**
 * After a move to another page inside the app, the keyboard's focus goes to the new page's heading
 * (its h1), as a page load would start a screen reader there (WCAG 2.4.3): otherwise it is left on
 * the link pressed or falls to <body> with the old page, and the next Tab starts at the top. Not on
 * the page first opened (nothing was pressed yet: the skip link stays the first stop), not for the
 * same page in another language, and not where the new page put the focus itself (a field to fill
 * in, a block's title). The looking itself is heading-after-move.ts, loaded at the first move.
 */
import { useEffect } from 'react';
import { LOCALE_PREFIX } from '../../i18n/locales.ts';

/** What was pressed last (a key's focused element, a pointer's target): null until anything was. */
let pressed: Element | null = null;
const onPress = (event: Event) => {
  if (event.target instanceof Element) pressed = event.target;
};

/** Looks for the page's heading to focus, as after a move (`pressedOn` what was pressed); returns how to stop. */
function lookForHeading(pressedOn: Element): () => void {
  let current = true;
  let stop: (() => void) | undefined;
  import('./heading-after-move.ts').then(
    ({ focusHeadingAfterMove }) => {
      if (current) stop = focusHeadingAfterMove(pressedOn);
    },
    (error: unknown) => console.error('Could not load the focus after a move', error),
  );
  return () => {
    current = false;
    stop?.();
  };
}

export function useFocusOnNavigation(location: string): void {
  const page = location.replace(LOCALE_PREFIX, '');
  useEffect(() => {
    document.addEventListener('pointerdown', onPress, true);
    document.addEventListener('keydown', onPress, true);
    return () => {
      document.removeEventListener('pointerdown', onPress, true);
      document.removeEventListener('keydown', onPress, true);
      // A shell taken down forgets it: mounted again, its page is a first page again.
      pressed = null;
    };
  }, []);

  useEffect(() => {
    // After the render that shows the new `page` (its heading may come later, with its code or data).
    const pressedOn = pressed;
    if (!pressedOn || !page) return;
    return lookForHeading(pressedOn);
  }, [page]);
}

/**
 * The same for a view that takes the place of the page's own at the same address (the running test
 * in place of a lesson's rules, a lobby or a preview's Start): shown after a press, its heading gets
 * the focus once it is there, unless it put the focus somewhere itself. Shown with nothing pressed
 * yet (the page first opened on it, a reload), the focus is let be, as on any first page. `view`
 * names what is shown: another one is shown anew.
 */
export function useFocusHeadingOnShow(view: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per view shown.
  useEffect(() => {
    const pressedOn = pressed;
    if (!pressedOn) return;
    return lookForHeading(pressedOn);
  }, [view]);
}
