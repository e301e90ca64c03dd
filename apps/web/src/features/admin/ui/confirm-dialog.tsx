import { useCallback, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { ModalDialog } from '../../../components/modal-dialog';

export type ConfirmOptions = {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
};

type PendingConfirm = ConfirmOptions & { resolve: (confirmed: boolean) => void };

function ConfirmDialog({ pending, onAnswer }: { pending: PendingConfirm; onAnswer: (yes: boolean) => void }) {
  const messageId = useId();
  // The safe answer has focus first, so a stray Enter does not destroy anything.
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      title={pending.title}
      onClose={() => onAnswer(false)}
      describedBy={messageId}
      initialFocus={cancelRef}
      hideCloseButton
      footer={
        <>
          <button
            type="button"
            className="button button--secondary"
            ref={cancelRef}
            onClick={() => onAnswer(false)}
          >
            {pending.cancelLabel ?? 'Cancel'}
          </button>
          <Button variant={pending.tone ?? 'danger'} onClick={() => onAnswer(true)}>
            {pending.confirmLabel}
          </Button>
        </>
      }
    >
      <p id={messageId}>{pending.message}</p>
    </ModalDialog>
  );
}

/** `confirm(options)` opens a confirm dialog and resolves to the answer; render `dialog`. */
export function useConfirm() {
  const [pending, setPending] = useState<PendingConfirm | null>(null);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setPending({ ...options, resolve });
      }),
    [],
  );

  const dialog = pending ? (
    <ConfirmDialog
      pending={pending}
      onAnswer={(yes) => {
        setPending(null);
        pending.resolve(yes);
      }}
    />
  ) : null;

  return { confirm, dialog };
}
