import type { AdminBooking } from '@therapy/shared/admin-schemas';
import {
  canCancel,
  canHavePaymentLink,
  canMarkAttendance,
  canMove,
  canRecordCentrePayment,
  canUnblock,
  canUndoCentrePayment,
  isAdminBlock,
  isConfirmedSession,
  needsRefund,
} from '@therapy/shared/booking-states';
import { formatAmount, formatDate, formatTime } from '../admin-format';
import type { ConfirmOptions } from '../ui/confirm-dialog';
import type { BookingActions } from './use-booking-actions';

/** The clinic's day and clock when the row is drawn: what the dated rules read. */
export type RowActionClock = { today: string; now: { date: string; time: string } };

/**
 * One action of a booking row, described once and drawn by `BookingRowActions` wherever bookings
 * are listed (the dashboard's lists, the day panel, the refund notice).
 */
export type RowAction = {
  id: string;
  label: string;
  /** Shown while its request runs. */
  busyLabel?: string;
  variant: 'primary' | 'secondary' | 'danger';
  /** The accessible name: starts with the label, then says which booking. */
  name: (id: number) => string;
  /** When the row offers it: a question to the shared state table (and who may). */
  shows: (booking: AdminBooking, handlers: BookingActions, clock: RowActionClock) => boolean;
  /** The busy key's prefix: the button waits while `${busy}:${booking id}` runs. */
  busy?: string;
  /** What the admin is asked first, for an action that destroys something or sends money. */
  confirm?: (booking: AdminBooking) => ConfirmOptions;
  /** What it does; `choice`: the option chosen in its confirmation's `choice`, if it asks one. */
  run: (handlers: BookingActions, booking: AdminBooking, choice?: string) => void;
};

const when = (booking: AdminBooking) =>
  `${formatDate(booking.booking_date)} at ${formatTime(booking.booking_time_slot_start)}`;
const refundAmount = (booking: AdminBooking) => formatAmount(booking.refund_amount ?? booking.amount);

/**
 * A session of a standing appointment with later sessions still booked: only it, or it and every
 * later one (the cancel call's `scope`, issue 26); nothing to ask otherwise.
 */
export function cancelScopeChoice(booking: AdminBooking): Pick<ConfirmOptions, 'choice'> {
  const series = booking.series;
  const later = series ? series.count - series.position : 0;
  if (later < 1) return {};
  return {
    choice: {
      legend: 'Which sessions?',
      options: [
        { value: 'this', label: 'Only this session' },
        { value: 'following', label: `This and every later session (${later + 1} sessions)` },
      ],
    },
  };
}

/** Every row action, in the order a row shows them. */
export const BOOKING_ROW_ACTIONS: readonly RowAction[] = [
  {
    id: 'refund',
    label: 'Refund',
    busyLabel: 'Refunding...',
    variant: 'primary',
    name: (id) => `Refund booking ${id}`,
    shows: (booking, handlers) => handlers.refund !== null && needsRefund(booking),
    busy: 'refund',
    confirm: (booking) => ({
      title: 'Refund payment',
      message: `Refund ${refundAmount(booking)} to ${booking.client_full_name || 'the client'} for booking ${booking.id}? The whole amount paid online goes back the way it was paid, usually within 5 to 7 working days. This cannot be undone.`,
      confirmLabel: `Refund ${refundAmount(booking)}`,
      cancelLabel: 'Not Now',
    }),
    run: (handlers, booking) => handlers.refund?.(booking),
  },
  {
    id: 'unblock',
    label: 'Unblock',
    busyLabel: 'Unblocking...',
    variant: 'secondary',
    name: (id) => `Unblock booking ${id}`,
    shows: (booking, _handlers, clock) => canUnblock(booking, clock.today),
    busy: 'cancel',
    confirm: (booking) => ({
      title: 'Unblock slot',
      message: `Are you sure you want to unblock the slot on ${when(booking)}? Clients will be able to book it again.`,
      confirmLabel: 'Unblock',
      tone: 'primary',
    }),
    run: (handlers, booking) => handlers.cancel(booking),
  },
  {
    id: 'cancel',
    label: 'Cancel',
    busyLabel: 'Cancelling...',
    variant: 'danger',
    name: (id) => `Cancel booking ${id}`,
    shows: (booking, _handlers, clock) => canCancel(booking, clock.today),
    busy: 'cancel',
    confirm: (booking) => ({
      title: 'Cancel booking',
      message: `Are you sure you want to cancel booking ${booking.id}? This cannot be undone.`,
      confirmLabel: 'Cancel Booking',
      cancelLabel: 'Keep Booking',
      ...cancelScopeChoice(booking),
    }),
    run: (handlers, booking, choice) =>
      handlers.cancel(booking, choice === 'following' || choice === 'this' ? choice : undefined),
  },
  {
    id: 'move',
    label: 'Move',
    variant: 'secondary',
    name: (id) => `Move booking ${id}`,
    shows: (booking, _handlers, clock) => canMove(booking, clock.now),
    run: (handlers, booking) => handlers.move(booking),
  },
  {
    // Issue 26: the same client, therapist, place and time every week or 2 weeks, as one series.
    id: 'repeat',
    label: 'Repeat weekly…',
    variant: 'secondary',
    name: (id) => `Repeat weekly… booking ${id}`,
    shows: (booking) => isConfirmedSession(booking),
    run: (handlers, booking) => handlers.repeat(booking),
  },
  {
    id: 'copy-link',
    label: 'Copy Link',
    variant: 'secondary',
    name: (id) => `Copy Link for booking ${id}`,
    shows: (booking, handlers) => canHavePaymentLink(booking) && handlers.linkOf(booking) !== null,
    run: (handlers, booking) => handlers.copyLink(booking),
  },
  {
    id: 'payment-link',
    label: 'Generate Payment Link',
    busyLabel: 'Generating...',
    variant: 'primary',
    name: (id) => `Generate Payment Link for booking ${id}`,
    shows: (booking, handlers) => canHavePaymentLink(booking) && handlers.linkOf(booking) === null,
    busy: 'link',
    run: (handlers, booking) => handlers.generateLink(booking),
  },
  {
    id: 'record-payment',
    label: 'Record Payment',
    variant: 'primary',
    name: (id) => `Record Payment for booking ${id}`,
    shows: (booking) => canRecordCentrePayment(booking),
    run: (handlers, booking) => handlers.frontDesk.recordPayment(booking),
  },
  {
    id: 'undo-payment',
    label: 'Undo Payment',
    busyLabel: 'Undoing...',
    variant: 'secondary',
    name: (id) => `Undo Payment for booking ${id}`,
    shows: (booking, handlers) => handlers.frontDesk.undoPayment !== null && canUndoCentrePayment(booking),
    busy: 'undo',
    confirm: (booking) => ({
      title: 'Undo payment',
      message: `Undo the payment recorded for booking ${booking.id}? The booking becomes Pending again and leaves Income and the reports.`,
      confirmLabel: 'Undo Payment',
      cancelLabel: 'Keep Payment',
    }),
    run: (handlers, booking) => handlers.frontDesk.undoPayment?.(booking),
  },
  {
    id: 'attended',
    label: 'Mark Attended',
    busyLabel: 'Saving...',
    variant: 'secondary',
    name: (id) => `Mark Attended booking ${id}`,
    shows: (booking, _handlers, clock) =>
      canMarkAttendance(booking, clock.now) && booking.attendance !== 'attended',
    busy: 'attendance',
    run: (handlers, booking) => handlers.frontDesk.markAttendance(booking, 'attended'),
  },
  {
    id: 'no-show',
    label: 'Mark No-show',
    busyLabel: 'Saving...',
    variant: 'secondary',
    name: (id) => `Mark No-show booking ${id}`,
    shows: (booking, _handlers, clock) =>
      canMarkAttendance(booking, clock.now) && booking.attendance !== 'no_show',
    busy: 'attendance',
    run: (handlers, booking) => handlers.frontDesk.markAttendance(booking, 'no_show'),
  },
  {
    id: 'messages',
    label: 'Messages',
    variant: 'secondary',
    name: (id) => `Messages for booking ${id}`,
    // An admin's block has no client, so nothing was ever sent about it.
    shows: (booking) => !isAdminBlock(booking),
    run: (handlers, booking) => handlers.openMessages(booking),
  },
];
