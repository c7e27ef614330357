import { Suspense, useSyncExternalStore } from 'react';
import { lazyPage } from '../pwa/lazy-page.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { isRendererWanted, subscribeRenderer } from './renderer-store.ts';

const ToastRenderer = lazyPage(() => import('./ToastRenderer.tsx'));

/** The notification area (top right), mounted once something wants to notify. */
export function Notifications() {
  const wanted = useSyncExternalStore(subscribeRenderer, isRendererWanted, () => false);
  if (!wanted) return null;
  return (
    <ErrorBoundary>
      <Suspense fallback={null}>
        <ToastRenderer />
      </Suspense>
    </ErrorBoundary>
  );
}
