import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { attendanceBadge, NO_SHOW_CHARGE_NOTE } from '@therapy/shared/booking-badges';
import {
  canMarkAttendance,
  canRecordCentrePayment,
  canUndoCentrePayment,
} from '@therapy/shared/booking-states';
import { zonedNow } from '@therapy/shared/clinic-time';
import { CENTRE_PAYMENT_METHOD_LABELS } from '@therapy/shared/front-desk-schemas';
import { CLINIC_TIME_ZONE } from '../../../lib/clinic';
import { RowActionButton } from '../dashboard/row-action-button';
import { Badge } from '../ui/status-badge';
import type { FrontDeskActions } from './use-front-desk-actions';

/** Beside the status: Attended / No-show once marked. */
export function AttendanceBadge({ booking }: { booking: Pick<AdminBooking, 'attendance'> }) {
  const badge = attendanceBadge(booking);
  return badge ? <Badge tone={badge.tone}>{badge.label}</Badge> : null;
}

/**
 * Under the status: how a centre payment was made ('Paid by Cash'), and what the terms charge a
 * no-show (shown, never applied).
 */
export function frontDeskNotes(booking: AdminBooking): string[] {
  const notes: string[] = [];
  if (booking.centre_payment_method) {
    notes.push(`Paid by ${CENTRE_PAYMENT_METHOD_LABELS[booking.centre_payment_method]}`);
  }
  if (booking.attendance === 'no_show') notes.push(NO_SHOW_CHARGE_NOTE);
  return notes;
}

/** The row's front-desk buttons, for the row-actions area. */
export function frontDeskButtons(
  booking: AdminBooking,
  frontDesk: FrontDeskActions,
  busy: ReadonlySet<string>,
) {
  const id = booking.id;
  const buttons = [];
  if (canRecordCentrePayment(booking)) {
    buttons.push(
      <RowActionButton
        key="pay"
        variant="primary"
        label="Record Payment"
        name={`Record Payment for booking ${id}`}
        onClick={() => frontDesk.recordPayment(booking)}
      />,
    );
  }
  const undo = frontDesk.undoPayment;
  if (undo && canUndoCentrePayment(booking)) {
    buttons.push(
      <RowActionButton
        key="undo"
        variant="secondary"
        label="Undo Payment"
        busyLabel="Undoing..."
        name={`Undo Payment for booking ${id}`}
        busy={busy.has(`undo:${id}`)}
        onClick={() => undo(booking)}
      />,
    );
  }
  if (canMarkAttendance(booking, zonedNow(CLINIC_TIME_ZONE))) {
    const marking = busy.has(`attendance:${id}`);
    if (booking.attendance !== 'attended') {
      buttons.push(
        <RowActionButton
          key="attended"
          variant="secondary"
          label="Mark Attended"
          busyLabel="Saving..."
          name={`Mark Attended booking ${id}`}
          busy={marking}
          onClick={() => frontDesk.markAttendance(booking, 'attended')}
        />,
      );
    }
    if (booking.attendance !== 'no_show') {
      buttons.push(
        <RowActionButton
          key="no-show"
          variant="secondary"
          label="Mark No-show"
          busyLabel="Saving..."
          name={`Mark No-show booking ${id}`}
          busy={marking}
          onClick={() => frontDesk.markAttendance(booking, 'no_show')}
        />,
      );
    }
  }
  return buttons;
}
