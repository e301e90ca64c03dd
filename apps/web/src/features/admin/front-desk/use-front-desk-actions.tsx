import type { AdminBooking } from '@therapy/shared/admin-schemas';
import type { AttendanceStatus } from '@therapy/shared/front-desk-schemas';
import { type ReactNode, useCallback, useState } from 'react';
import { errorMessage } from '../admin-http';
import { showError, showSuccess } from '../ui/toast-store';
import { markAttendance, voidCentrePayment } from './front-desk-api';
import { RecordPaymentDialog } from './record-payment-dialog';

type Run = (key: string, work: () => Promise<void>) => Promise<void>;

export type FrontDeskActions = {
  recordPayment: (booking: AdminBooking) => void;
  /** Undoes a payment recorded at the centre: superadmins only (null for other admins). */
  undoPayment: ((booking: AdminBooking) => void) | null;
  markAttendance: (booking: AdminBooking, status: AttendanceStatus) => void;
};

/**
 * The front desk's row actions (issue 10): Record Payment (a dialog), Undo Payment (superadmins), Mark Attended / Mark No-show; when each shows and what it asks
 * first is in dashboard/booking-row-actions.ts. `busy` keys: 'undo:12', 'attendance:12'.
 */
export function useFrontDeskActions(
  onChanged: () => void,
  { run, isSuperadmin }: { run: Run; isSuperadmin: boolean },
): { frontDesk: FrontDeskActions; dialog: ReactNode } {
  const [paying, setPaying] = useState<AdminBooking | null>(null);

  const undoPayment = useCallback(
    async (booking: AdminBooking) => {
      const paymentId = booking.centre_payment_id;
      if (!paymentId) return;
      await run(`undo:${booking.id}`, async () => {
        try {
          showSuccess((await voidCentrePayment(booking.id, paymentId)).message);
          onChanged();
        } catch (error) {
          showError(errorMessage(error, 'The payment could not be undone.'));
        }
      });
    },
    [run, onChanged],
  );

  const mark = useCallback(
    async (booking: AdminBooking, status: AttendanceStatus) => {
      await run(`attendance:${booking.id}`, async () => {
        try {
          showSuccess((await markAttendance(booking.id, status)).message);
          onChanged();
        } catch (error) {
          showError(errorMessage(error, 'The attendance could not be saved.'));
        }
      });
    },
    [run, onChanged],
  );

  const dialog = paying ? (
    <RecordPaymentDialog
      booking={paying}
      onClose={() => setPaying(null)}
      onSaved={() => {
        setPaying(null);
        onChanged();
      }}
    />
  ) : null;

  return {
    frontDesk: {
      recordPayment: setPaying,
      undoPayment: isSuperadmin ? undoPayment : null,
      markAttendance: mark,
    },
    dialog,
  };
}
