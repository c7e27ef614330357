/** The PWA side of Zalik: service worker registration, the update prompt, update guards, lazy pages. */
export { BUILD_VERSION, fetchLatestBuild } from './build-info.ts';
export { CHUNK_RELOAD_GUARD_MS, lazyPage } from './lazy-page.ts';
export { startPwa } from './start.ts';
export { UpdatePrompt } from './UpdatePrompt.tsx';
export { isUpdateBlocked, registerUpdateGuard, type UpdateGuard } from './update-guard.ts';
