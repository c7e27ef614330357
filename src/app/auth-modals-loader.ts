import { lazy } from 'react';

/** The sign-in and registration modals: their own chunk, fetched when one is about to open. */
export const loadAuthModals = () => import('../features/auth/AuthModals.tsx');
export const AuthModals = lazy(loadAuthModals);

export function preloadAuthModals(): void {
  loadAuthModals().catch(() => undefined);
}
