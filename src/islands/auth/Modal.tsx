import { type ReactNode, useEffect, useRef } from 'react';

const WIDTHS = { sm: 300, md: 500, lg: 800, xl: 1140 } as const;

interface ModalProps {
  title: string;
  onClose: () => void;
  size?: keyof typeof WIDTHS;
  closeLabel: string;
  children: ReactNode;
}

/** A modal on the native <dialog>: focus moves in and stays, Escape and the backdrop close it. */
export function Modal({ title, onClose, size = 'md', closeLabel, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const onCancel = (e: Event) => {
      e.preventDefault();
      onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, [onClose]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape (the dialog's cancel event) is its keyboard twin
    <dialog
      ref={ref}
      className="modal"
      style={{ width: `min(${WIDTHS[size]}px, calc(100vw - 24px))` }}
      aria-labelledby="modal-title"
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="modal-head">
        <h2 id="modal-title">{title}</h2>
        <button type="button" className="icon-btn modal-close" onClick={onClose} aria-label={closeLabel}>
          ✕
        </button>
      </div>
      <div className="modal-body">{children}</div>
    </dialog>
  );
}
