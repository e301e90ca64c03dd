import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';
import { BookingMessagesSection } from '../messages/booking-messages-section';
import { BookingReceiptsSection } from '../money/booking-receipts-section';
import { MoveDialog } from './move-dialog';

// "Repeat weekly…" (issue 26) comes with its dialog: its code and styles load when it opens.
const RepeatBookingDialog = lazy(() =>
  import('../series/repeat-booking-dialog').then((m) => ({ default: m.RepeatBookingDialog })),
);

/** The dialogs a booking row opens: what was sent to the client and its receipts, Move, and Repeat weekly…. */
export function useRowDialogs(onChanged: () => void): {
  openMessages: (booking: AdminBooking) => void;
  move: (booking: AdminBooking) => void;
  repeat: (booking: AdminBooking) => void;
  dialog: ReactNode;
} {
  const [messagesOf, setMessagesOf] = useState<number | null>(null);
  const [moving, setMoving] = useState<AdminBooking | null>(null);
  const [repeating, setRepeating] = useState<AdminBooking | null>(null);
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
      {repeating && (
        <Suspense fallback={null}>
          <RepeatBookingDialog
            booking={repeating}
            onClose={() => setRepeating(null)}
            onCreated={() => {
              setRepeating(null);
              onChanged();
            }}
          />
        </Suspense>
      )}
    </>
  );
  return {
    openMessages: (booking) => setMessagesOf(booking.id),
    move: setMoving,
    repeat: setRepeating,
    dialog,
  };
}
