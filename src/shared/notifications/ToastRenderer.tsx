import { useLingui } from '@lingui/react/macro';
import { type CSSProperties, useEffect } from 'react';
import { createPortal } from 'react-dom';
import toast, { type Toast, useToaster } from 'react-hot-toast/headless';
import { NOTIFICATION_MS } from './notify.ts';
import { SWIPE_THRESHOLD_PX, useSwipeDismiss } from './use-swipe-dismiss.ts';

/** At most three notifications at a time; a fourth pushes the oldest out. */
export const MAX_VISIBLE = 3;

/**
 * Our own renderer over react-hot-toast's store: top right, 356 px wide, 14 px apart (see
 * `.toasts` in the CSS), pausing while hovered, each one dismissable by a button or a swipe.
 * It lives outside `#root` so an open modal does not make it inert.
 */
export default function ToastRenderer() {
  const { t } = useLingui();
  const { toasts, handlers } = useToaster({ duration: NOTIFICATION_MS });
  const visible = toasts.filter((item) => item.visible);

  useEffect(() => {
    // The store keeps the newest first.
    for (const item of visible.slice(MAX_VISIBLE)) toast.dismiss(item.id);
  }, [visible]);

  return createPortal(
    <section className="toasts" aria-label={t`Notifications`} data-stays-interactive="">
      <ol className="toasts__list" onMouseEnter={handlers.startPause} onMouseLeave={handlers.endPause}>
        {toasts.map((item) => (
          <ToastItem key={item.id} item={item} />
        ))}
      </ol>
    </section>,
    document.body,
  );
}

function ToastItem({ item }: { item: Toast }) {
  const { t } = useLingui();
  const { offset, dragging, dismissed, handlers } = useSwipeDismiss(() => toast.dismiss(item.id));
  const message = typeof item.message === 'function' ? item.message(item) : item.message;
  const leaving = !item.visible || dismissed;
  // A failure interrupts (an alert); anything else waits its turn.
  const aria = item.type === 'error' ? ({ role: 'alert', 'aria-live': 'assertive' } as const) : item.ariaProps;
  const style = {
    '--swipe-x': `${offset}px`,
    '--swipe-fade': Math.max(0.2, 1 - Math.abs(offset) / (SWIPE_THRESHOLD_PX * 6)),
  } as CSSProperties;

  return (
    <li
      className={`toast toast--${item.type}${leaving ? ' toast--leaving' : ''}${dragging ? ' toast--dragging' : ''}`}
      style={style}
      {...handlers}
    >
      <div className="toast__message" {...aria}>
        {message}
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label={t`Dismiss notification`}
        onClick={() => toast.dismiss(item.id)}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
