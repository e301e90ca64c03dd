import type { CancelResult, ManagedBooking } from '@therapy/shared/manage-schemas';
import { useId, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/modal-dialog';
import { ApiError } from '../../lib/api-client';
import { cancelManagedBooking } from './manage-api';
import { refundText } from './manage-rules';

type CancelDialogProps = {
  token: string;
  booking: ManagedBooking;
  onClose: () => void;
  onCancelled: (result: CancelResult) => void;
  /** The server refused (the window closed meanwhile, the link is spent): the page reloads its view. */
  onRefused: (message: string) => void;
};

/** "Cancel this session?": Keep has the focus first, so a stray Enter cancels nothing. */
export function CancelDialog({ token, booking, onClose, onCancelled, onRefused }: CancelDialogProps) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refund = refundText(booking);

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      onCancelled(await cancelManagedBooking(token));
    } catch (failure) {
      setBusy(false);
      if (
        failure instanceof ApiError &&
        failure.status >= 400 &&
        failure.status < 500 &&
        failure.status !== 429
      ) {
        onRefused(failure.message);
        return;
      }
      setError(
        failure instanceof Error ? failure.message : 'The booking could not be cancelled. Please try again.',
      );
    }
  };

  return (
    <ModalDialog
      title="Cancel this session?"
      onClose={busy ? () => undefined : onClose}
      describedBy={messageId}
      initialFocus={keepRef}
      hideCloseButton
      footer={
        <>
          <button
            type="button"
            className="button button--secondary"
            ref={keepRef}
            onClick={onClose}
            disabled={busy}
          >
            Keep booking
          </button>
          <Button variant="danger" busy={busy} busyLabel="Cancelling..." onClick={cancel}>
            Cancel booking
          </Button>
        </>
      }
    >
      <div id={messageId}>
        <p>The session will be cancelled and its time freed for someone else.</p>
        {refund && <p>{refund}</p>}
      </div>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </ModalDialog>
  );
}
