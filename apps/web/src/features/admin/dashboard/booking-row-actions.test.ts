import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { describe, expect, it } from 'vitest';
import { BOOKING_ROW_ACTIONS, type RowActionClock } from './booking-row-actions';
import type { BookingActions } from './use-booking-actions';

const CLOCK: RowActionClock = { today: '2026-12-01', now: { date: '2026-12-01', time: '10:00:00' } };

const booking = (change: Partial<AdminBooking> = {}) =>
  ({
    id: 12,
    booking_type: 'OFFLINE',
    payment_status: 'PENDING',
    cancelled: false,
    booking_date: '2026-12-03',
    booking_time_slot_start: '11:00:00',
    needs_refund: false,
    payment_link_url: null,
    centre_payment_id: null,
    attendance: null,
    ...change,
  }) as AdminBooking;

const handlers = (change: Partial<BookingActions> = {}) =>
  ({
    refund: () => undefined,
    linkOf: (row: AdminBooking) => row.payment_link_url,
    frontDesk: {
      recordPayment: () => undefined,
      undoPayment: () => undefined,
      markAttendance: () => undefined,
    },
    ...change,
  }) as unknown as BookingActions;

const shown = (row: AdminBooking, actions = handlers()) =>
  BOOKING_ROW_ACTIONS.filter((action) => action.shows(row, actions, CLOCK)).map((action) => action.id);

describe('the booking row actions, described once', () => {
  it('a pending in-person booking to come: cancel, move, repeat, payment link, record payment, messages', () => {
    expect(shown(booking())).toEqual([
      'cancel',
      'move',
      'repeat',
      'payment-link',
      'record-payment',
      'messages',
    ]);
    expect(shown(booking({ payment_link_url: 'https://pay.example/1' }))).toContain('copy-link');
  });

  it('a held online payment (a waitlist offer too) is not moved and gets no link', () => {
    expect(shown(booking({ payment_status: 'INITIATED', booking_type: 'ONLINE' }))).toEqual([
      'cancel',
      'messages',
    ]);
  });

  it('a started session: attendance, no Move but Repeat weekly; a centre payment may be undone by a superadmin only', () => {
    const started = booking({ booking_date: '2026-12-01', booking_time_slot_start: '09:00:00' });
    expect(shown(started)).toEqual([
      'cancel',
      'repeat',
      'payment-link',
      'record-payment',
      'attended',
      'no-show',
      'messages',
    ]);
    const paid = { ...started, payment_status: 'COMPLETED' as const, centre_payment_id: 3 };
    expect(shown(paid)).toContain('undo-payment');
    const staff = handlers({ frontDesk: { ...handlers().frontDesk, undoPayment: null } });
    expect(shown(paid, staff)).not.toContain('undo-payment');
  });

  it('an admin block: Unblock only; a refund due: Refund for superadmins', () => {
    expect(shown(booking({ booking_type: 'ADMIN_BLOCK', payment_status: 'BLOCKED' }))).toEqual(['unblock']);
    const due = booking({ payment_status: 'FAILED', booking_type: 'ONLINE', needs_refund: true });
    expect(shown(due)).toEqual(['refund', 'messages']);
    expect(shown(due, handlers({ refund: null }))).toEqual(['messages']);
  });

  it('asks first before what destroys something or sends money', () => {
    const asks = BOOKING_ROW_ACTIONS.filter((action) => action.confirm).map((action) => action.id);
    expect(asks).toEqual(['refund', 'unblock', 'cancel', 'undo-payment']);
    const cancel = BOOKING_ROW_ACTIONS.find((action) => action.id === 'cancel');
    expect(cancel?.confirm?.(booking())).toMatchObject({
      title: 'Cancel booking',
      confirmLabel: 'Cancel Booking',
    });
    expect(cancel?.confirm?.(booking()).choice).toBeUndefined();
  });

  it('a session of a series with later ones asks which to cancel, and sends the choice as scope', () => {
    const cancel = BOOKING_ROW_ACTIONS.find((action) => action.id === 'cancel')!;
    const second = booking({ series: { series_id: 4, position: 2, count: 4 } });
    expect(cancel.confirm?.(second).choice).toEqual({
      legend: 'Which sessions?',
      options: [
        { value: 'this', label: 'Only this session' },
        { value: 'following', label: 'This and every later session (3 sessions)' },
      ],
    });
    const last = booking({ series: { series_id: 4, position: 4, count: 4 } });
    expect(cancel.confirm?.(last).choice).toBeUndefined();

    const calls: unknown[] = [];
    const actions = handlers({ cancel: (...args: unknown[]) => calls.push(args[1]) });
    cancel.run(actions, second, 'following');
    cancel.run(actions, second, 'this');
    cancel.run(actions, second, '');
    expect(calls).toEqual(['following', 'this', undefined]);
  });
});
