/**
 * Whether the notification renderer should be on the page: it is fetched and mounted with the
 * first notification, so pages that never notify never load it. Kept apart from notify.ts, which
 * the first page does not need.
 */
let rendererWanted = false;
const listeners = new Set<() => void>();

export function wantRenderer(): void {
  if (rendererWanted) return;
  rendererWanted = true;
  for (const listener of listeners) listener();
}

export function isRendererWanted(): boolean {
  return rendererWanted;
}

export function subscribeRenderer(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
