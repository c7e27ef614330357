import { useLingui } from '@lingui/react/macro';
import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { focusableIn } from './focusable.ts';
import { isTopModal, pushModal, releaseModal } from './modal-stack.ts';

/** Maximum widths, px: sign-in and registration, confirmations, the test's notices. */
const MODAL_WIDTHS = { auth: 460, confirm: 600, notice: 380 } as const;
export type ModalSize = keyof typeof MODAL_WIDTHS;

/** The close animation, ms: the content stays mounted while it plays. */
export const MODAL_CLOSE_MS = 550;
/** With reduced motion the modal only fades, and quickly. */
export const MODAL_CLOSE_REDUCED_MS = 150;

function closeDuration(): number {
  const reduced =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduced ? MODAL_CLOSE_REDUCED_MS : MODAL_CLOSE_MS;
}

export interface ModalProps {
  open: boolean;
  /** The close event: the backdrop, Escape or the close button asked to close. The parent sets `open`. */
  onClose: () => void;
  /** After the close animation, once the content is gone. */
  onClosed?: () => void;
  title?: ReactNode;
  subtitle?: ReactNode;
  /** The dialog's name when it has no title. */
  label?: string;
  /** Shows the × button (default). */
  closeButton?: boolean;
  /** False while something must not be interrupted: backdrop, Escape and × then do nothing. */
  dismissible?: boolean;
  /** A preset (MODAL_WIDTHS) or a width in px. */
  size?: ModalSize | number;
  /** Where focus goes on open; otherwise the first control of the content, then ×, then the dialog. */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children?: ReactNode;
}

/**
 * The one modal container of the app. Opening moves focus inside and keeps it there, makes the rest
 * of the page inert and stops it scrolling; closing plays a 550 ms animation with the content
 * still mounted, and focus goes back to whatever opened it (the page's heading when that is gone).
 */
export function Modal(props: ModalProps) {
  const { open, onClosed } = props;
  const [mounted, setMounted] = useState(open);
  const [closing, setClosing] = useState(false);
  const [duration, setDuration] = useState(MODAL_CLOSE_MS);
  // Reopened halfway through closing: a fresh frame, so it takes the page and focus again.
  const [opening, setOpening] = useState(0);
  const onClosedRef = useRef(onClosed);
  onClosedRef.current = onClosed;

  if (open && (!mounted || closing)) {
    setMounted(true);
    setClosing(false);
    setOpening((count) => count + 1);
  }
  if (!open && mounted && !closing) {
    setClosing(true);
    setDuration(closeDuration());
  }

  useEffect(() => {
    if (!closing) return;
    const timer = setTimeout(() => {
      setMounted(false);
      setClosing(false);
      onClosedRef.current?.();
    }, duration);
    return () => clearTimeout(timer);
  }, [closing, duration]);

  if (!mounted) return null;
  return createPortal(<ModalFrame key={opening} {...props} closing={closing} duration={duration} />, document.body);
}

function ModalFrame({
  onClose,
  title,
  subtitle,
  label,
  closeButton = true,
  dismissible = true,
  size = 'confirm',
  initialFocus,
  className,
  children,
  closing,
  duration,
}: ModalProps & { closing: boolean; duration: number }) {
  const { t } = useLingui();
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  const pressedOnBackdrop = useRef(false);
  const requestClose = useRef(() => {});
  requestClose.current = () => {
    if (dismissible && !closing) onClose();
  };

  // Before paint, so the first frame already has focus inside and the page behind inert.
  // Runs once per opening: `initialFocus` is read when the modal opens, not followed after.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    // Kept from a first run: StrictMode runs this twice, and by then focus is already inside.
    opener.current ??= document.activeElement;
    const release = pushModal(element);
    const target =
      initialFocus?.current ?? (body.current && focusableIn(body.current)[0]) ?? closeRef.current ?? panel.current;
    target?.focus();
    return release;
  }, []);

  useLayoutEffect(() => {
    const element = container.current;
    if (!closing || !element) return;
    // The page comes back at once, so focus can return while the animation plays.
    releaseModal(element);
    const back = opener.current;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
    // What opened it is gone (a form that closed with it): the page's heading, never <body>. Loaded
    // when needed, so that the first visit's script does not carry it.
    else
      void import('./focus-rescue.ts').then(({ focusDropped, focusOn, pageHeading }) => {
        if (focusDropped()) focusOn(pageHeading());
      });
  }, [closing]);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const element = container.current;
      if (event.key !== 'Escape' || !element || !isTopModal(element)) return;
      event.preventDefault();
      event.stopPropagation();
      requestClose.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const items = focusableIn(panel.current);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      panel.current.focus();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A click that starts inside the panel and ends on the backdrop (selecting text) is no close.
  const onBackdropDown = (event: MouseEvent<HTMLDivElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) requestClose.current();
    pressedOnBackdrop.current = false;
  };

  const width = typeof size === 'number' ? size : MODAL_WIDTHS[size];
  const style = { '--modal-width': `${width}px`, '--modal-close-ms': `${duration}ms` } as CSSProperties;
  const titleId = `${id}-title`;
  const subtitleId = `${id}-subtitle`;

  return (
    // The backdrop click is a pointer shortcut; keyboard users have Escape and the close button.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    <div
      ref={container}
      className={`modal${closing ? ' modal--closing' : ''}${className ? ` ${className}` : ''}`}
      style={style}
      inert={closing}
      onMouseDown={onBackdropDown}
      onClick={onBackdropClick}
    >
      <div
        ref={panel}
        className="modal__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : label}
        aria-describedby={subtitle ? subtitleId : undefined}
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        {(title || subtitle || closeButton) && (
          <div className="modal__header">
            <div className="modal__heading">
              {title && (
                <h2 id={titleId} className="modal__title">
                  {title}
                </h2>
              )}
              {subtitle && (
                <p id={subtitleId} className="modal__subtitle">
                  {subtitle}
                </p>
              )}
            </div>
            {closeButton && (
              <button
                ref={closeRef}
                type="button"
                className="modal__close"
                aria-label={t`Close`}
                disabled={!dismissible}
                onClick={() => requestClose.current()}
              >
                <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
                  <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </div>
        )}
        <div ref={body} className="modal__body">
          {children}
        </div>
      </div>
    </div>
  );
}
