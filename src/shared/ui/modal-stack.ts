/**
 * What every open modal does to the page around it, kept in one place so modals can stack
 * (login → register later): only the top one answers Escape; everything else in `<body>` is
 * inert; the page does not scroll. Body children marked `data-stays-interactive` (the
 * notifications) are left alone.
 */
const stack: HTMLElement[] = [];
const madeInert = new Set<Element>();
let savedScroll: { overflow: string; paddingRight: string } | null = null;

function applyInert(): void {
  const top = stack.at(-1);
  for (const child of Array.from(document.body.children)) {
    const shouldBeInert = top !== undefined && child !== top && !child.hasAttribute('data-stays-interactive');
    if (shouldBeInert && !(child as HTMLElement).inert) {
      (child as HTMLElement).inert = true;
      madeInert.add(child);
    } else if (!shouldBeInert && madeInert.has(child)) {
      (child as HTMLElement).inert = false;
      madeInert.delete(child);
    }
  }
  // Children that left the page meanwhile need no restoring.
  for (const child of madeInert) {
    if (!child.isConnected) madeInert.delete(child);
  }
}

function lockScroll(): void {
  if (savedScroll) return;
  const { style } = document.body;
  savedScroll = { overflow: style.overflow, paddingRight: style.paddingRight };
  // The scrollbar disappears with the overflow; padding in its place keeps the page from shifting.
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  style.overflow = 'hidden';
  if (scrollbar > 0) style.paddingRight = `${scrollbar}px`;
}

function unlockScroll(): void {
  if (!savedScroll) return;
  document.body.style.overflow = savedScroll.overflow;
  document.body.style.paddingRight = savedScroll.paddingRight;
  savedScroll = null;
}

/** Puts a modal's container on top; the returned function takes it off again. */
export function pushModal(container: HTMLElement): () => void {
  stack.push(container);
  lockScroll();
  applyInert();
  return () => releaseModal(container);
}

/** Gives the page back its interactivity (at the start of a close animation); idempotent. */
export function releaseModal(container: HTMLElement): void {
  const index = stack.indexOf(container);
  if (index === -1) return;
  stack.splice(index, 1);
  applyInert();
  if (stack.length === 0) unlockScroll();
}

export function isTopModal(container: HTMLElement): boolean {
  return stack.at(-1) === container;
}
