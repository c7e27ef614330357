import type { ReactNode } from 'react';
import { Modal, type ModalSize } from '../ui/Modal.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  subtitle?: string;
  /** What follows, said plainly. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** While the confirmed action runs: nothing closes the dialog, and the label may say so. */
  busy?: boolean;
  busyLabel?: string;
  size?: ModalSize;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The one confirmation of the app, on the shared Modal (focus moved in, kept there and given back;
 * Escape and the backdrop cancel): never the browser's own confirm box, which is neither translated nor styled
 * nor reachable by the app's own tests. Focus starts on the first button, the safe choice.
 */
export function ConfirmDialog({
  open,
  title,
  subtitle,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  busyLabel,
  size = 'notice',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onCancel} dismissible={!busy} size={size} title={title} subtitle={subtitle}>
      {children && <div className="modal__text">{children}</div>}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
