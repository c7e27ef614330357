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
  }, [page]);
}
