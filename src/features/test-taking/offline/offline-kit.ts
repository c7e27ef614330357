/** What the lesson page needs from the offline store; loaded on demand (load-offline-kit.ts). */
export { dropAttempt, loadAttempt, saveServerAttempt } from '../../../../offline-queue/attempts.ts';
export { offlineRuntime } from './runtime.ts';
