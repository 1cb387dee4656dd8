import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal window on <dialog>: showModal() traps focus inside it and makes the page behind inert,
 * Escape closes it, and focus returns to what opened it. A click on the backdrop closes it too. An
 * element marked `data-autofocus` gets the first focus.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  className,
}: {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  className?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // The dialog's own choice of first focus (e.g. its safe action), else the browser's: the first control.
      element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={`modal ${className ?? ''}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={() => {}}
    >
      {open && (
        <div className="modal-panel">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
