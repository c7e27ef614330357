import { wantRenderer } from './renderer-store.ts';

/**
 * Notifications without react-hot-toast in the first load: the library and its renderer are
 * fetched with the first notification (or earlier, by `preloadNotifications`, on pages that
 * may need one offline).
 */
export type NotificationKind = 'info' | 'success' | 'error';

export interface NotifyOptions {
  kind?: NotificationKind;
  /** A notification with the id of one on screen replaces it instead of stacking. */
  id?: string;
}

/** How long a notification stays, ms. */
export const NOTIFICATION_MS = 4000;

const loadToast = () => import('react-hot-toast/headless').then((module) => module.default);

export function notify(message: string, { kind = 'info', id }: NotifyOptions = {}): void {
  wantRenderer();
  loadToast().then(
    (toast) => {
      const show = kind === 'error' ? toast.error : kind === 'success' ? toast.success : toast;
      show(message, { id, duration: NOTIFICATION_MS });
    },
    // Offline without the chunk cached: the page itself still shows what went wrong.
    (error: unknown) => console.error('Could not show a notification:', message, error),
  );
}

/** Fetches the notification code now, while the network is known to work. */
export function preloadNotifications(): void {
  wantRenderer();
  loadToast().catch(() => undefined);
}
