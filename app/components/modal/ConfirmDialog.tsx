import type { ReactNode } from 'react';
import { Modal } from './Modal';

/** Asks before something that cannot be undone; the safe choice (Cancel) has the focus first. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy,
  confirmDisabled,
  children,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  /** Holds the confirm button back until the dialog's own fields (children) are complete. */
  confirmDisabled?: boolean;
  children?: ReactNode;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      <p>{message}</p>
      {children}
      <div className="modal-actions">
        <button type="button" className="button button-outline" onClick={onCancel} data-autofocus>
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={onConfirm}
          disabled={busy || confirmDisabled}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
