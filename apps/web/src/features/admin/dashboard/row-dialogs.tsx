import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { type ReactNode, useState } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { BookingMessagesSection } from '../messages/booking-messages-section';
import { BookingReceiptsSection } from '../money/booking-receipts-section';
import { MoveDialog } from './move-dialog';

/** The dialogs a booking row opens: what was sent to the client and its receipts, and Move. */
export function useRowDialogs(onChanged: () => void): {
  openMessages: (booking: AdminBooking) => void;
  move: (booking: AdminBooking) => void;
  dialog: ReactNode;
} {
  const [messagesOf, setMessagesOf] = useState<number | null>(null);
  const [moving, setMoving] = useState<AdminBooking | null>(null);
  const dialog = (
    <>
      {messagesOf !== null && (
        <ModalDialog title={`Booking ${messagesOf}`} onClose={() => setMessagesOf(null)}>
          <BookingMessagesSection bookingId={messagesOf} />
          <BookingReceiptsSection bookingId={messagesOf} />
        </ModalDialog>
      )}
      {moving && (
        <MoveDialog
          booking={moving}
          onClose={() => setMoving(null)}
          onMoved={() => {
            setMoving(null);
            onChanged();
          }}
        />
      )}
    </>
  );
  return { openMessages: (booking) => setMessagesOf(booking.id), move: setMoving, dialog };
}
