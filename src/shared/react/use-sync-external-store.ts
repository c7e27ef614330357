/**
 * Stands in for the `use-sync-external-store/shim` package (wouter and SWR import it): React 18 and
 * later have the hook built in, which the shim would return anyway, so its fallback code for older
 * Reacts is not worth a first visit's bytes. vite.config.ts points the package here.
 */
export { useSyncExternalStore } from 'react';
