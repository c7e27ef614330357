/**
 * The looking of useFocusOnNavigation (focus-on-navigation.ts), a chunk of its own so that the first
 * visit's script does not carry it: after a move to another page, the focus goes to the new page's
 * heading once it is there, unless the page put the focus somewhere itself; while a dialog holds the
 * focus it waits for the dialog to close.
 */
import { focusOn, pageHeading } from '../ui/focus-rescue.ts';

/** How long a page may take to show its heading (its code and data loading) before it is let be. */
const HEADING_WAIT_MS = 10_000;
const LOOK_EVERY_MS = 50;

/** One look at the page: done (the heading focused, or the focus left where the page put it) or not yet. */
function looked(pressedOn: Element): boolean {
  const heading = pageHeading();
  const main = document.getElementById('main');
  if (!heading || !main) return false;
  const active = document.activeElement;
  if (active?.closest('[role="dialog"], [role="alertdialog"]')) return false;
  const stillOnPressed = active !== null && (active.contains(pressedOn) || pressedOn.contains(active));
  if (active !== null && active !== main && main.contains(active) && !stillOnPressed) return true;
  // Under a dialog still closing the page is inert and takes no focus yet.
  return focusOn(heading);
}

/** Looks every 50 ms for up to 10 s; `pressedOn` is what was pressed to move. Returns how to stop. */
export function focusHeadingAfterMove(pressedOn: Element): () => void {
  const until = Date.now() + HEADING_WAIT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const look = () => {
    if (!looked(pressedOn) && Date.now() < until) timer = setTimeout(look, LOOK_EVERY_MS);
  };
  look();
  return () => clearTimeout(timer);
}
