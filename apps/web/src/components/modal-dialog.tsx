import { type ReactNode, type RefObject, useId, useLayoutEffect, useRef } from 'react';
import { useFocusTrap } from './use-focus-trap';
import './modal-dialog.css';
import { useT } from '../i18n/use-t';

type ModalDialogProps = {
  title: ReactNode;
  /** Escape, the close button and Cancel buttons call it; the parent then stops rendering the dialog. */
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  size?: 'small' | 'large';
  /** What gets focus on opening; else the first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Set when the dialog's main text should be read out with its title. */
  describedBy?: string;
  /** Leave out the × button (confirm dialogs have their own Cancel). */
  hideCloseButton?: boolean;
};

/**
 * A modal dialog, rendered only while open. The native <dialog> shown with showModal() puts the
 * page behind it out of reach; focus goes back to what had it (the trigger) when it closes.
 */
export function ModalDialog({
  title,
  onClose,
  children,
  footer,
  size = 'small',
  initialFocus,
  describedBy,
  hideCloseButton = false,
}: ModalDialogProps) {
  const { t } = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const trigger = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // The trigger may have been re-rendered away meanwhile (a reloaded list): then leave focus be.
      if (trigger?.isConnected) trigger.focus();
    };
  }, [initialFocus]);

  useFocusTrap(ref, true);

  return (
    <dialog
      ref={ref}
      className={`modal-dialog modal-dialog--${size}`}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // Escape: the parent decides (and unmounts), so React state and the DOM stay in step.
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-dialog__header">
        <h2 id={titleId} className="modal-dialog__title">
          {title}
        </h2>
        {!hideCloseButton && (
          <button
            type="button"
            className="modal-dialog__close"
            onClick={onClose}
            aria-label={t('common.dialog.close')}
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
      <div className="modal-dialog__body">{children}</div>
      {footer && <div className="modal-dialog__footer">{footer}</div>}
    </dialog>
  );
}
