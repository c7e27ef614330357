type OfflineKit = typeof import('./offline-kit.ts');

let loading: Promise<OfflineKit> | null = null;

/**
 * Dexie and the outbox (about 33 KB gzipped), imported once, when first needed: the lesson preview
 * renders before they arrive, and they come while the person reads it.
 */
export function loadOfflineKit(): Promise<OfflineKit> {
  loading ??= import('./offline-kit.ts');
  return loading;
}
