import { describe, expect, it } from 'vitest';
import { calendarBadge, statusBadge } from './booking-badges.ts';
import {
  BOOKING_TRANSITIONS,
  type BookingFacts,
  bookingState,
  CREATED_STATES,
  canCancel,
  canHavePaymentLink,
  canTransition,
  canUnblock,
  holdsSlot,
  isAdminBlock,
  isConfirmedSession,
  PAYMENT_STATUSES,
  statesLeadingTo,
} from './booking-states.ts';

const TODAY = '2026-12-01';
const booking = (change: Partial<BookingFacts & { booking_date: string }> = {}) => ({
  payment_status: 'PENDING' as const,
  cancelled: false,
  booking_type: 'OFFLINE' as const,
  booking_date: TODAY,
  ...change,
});

describe('the transition table', () => {
  it('lists the moves the server makes today, and no others', () => {
    expect(BOOKING_TRANSITIONS).toEqual({
      INITIATED: ['COMPLETED', 'FAILED', 'CANCELLED', 'PENDING'],
      PENDING: ['COMPLETED', 'CANCELLED'],
      COMPLETED: ['CANCELLED', 'PENDING'],
      FAILED: ['COMPLETED', 'INITIATED'],
      BLOCKED: ['CANCELLED'],
      CANCELLED: [],
    });
  });

  it('has a row for every status and only statuses as targets', () => {
    expect(Object.keys(BOOKING_TRANSITIONS).sort()).toEqual([...PAYMENT_STATUSES].sort());
    for (const targets of Object.values(BOOKING_TRANSITIONS)) {
      for (const target of targets) expect(PAYMENT_STATUSES).toContain(target);
    }
  });

  it('lets only a held online booking fail, and never a cancelled one come back', () => {
    expect(statesLeadingTo('FAILED')).toEqual(['INITIATED']);
    expect(statesLeadingTo('COMPLETED')).toEqual(['PENDING', 'INITIATED', 'FAILED']);
    expect(canTransition('CANCELLED', 'COMPLETED')).toBe(false);
    expect(canTransition('COMPLETED', 'FAILED')).toBe(false);
    expect(canTransition('BLOCKED', 'COMPLETED')).toBe(false);
  });

  it('creates bookings only in states the table knows', () => {
    const created = [
      ...Object.values(CREATED_STATES.visitor),
      ...Object.values(CREATED_STATES.admin),
      CREATED_STATES.adminBlock,
    ];
    expect(created.sort()).toEqual(['BLOCKED', 'COMPLETED', 'INITIATED', 'PENDING', 'PENDING']);
    for (const state of created) expect(BOOKING_TRANSITIONS[state].length).toBeGreaterThan(0);
  });

  it('reads a cancelled booking as CANCELLED whatever its status', () => {
    expect(bookingState({ payment_status: 'COMPLETED', cancelled: true })).toBe('CANCELLED');
    expect(bookingState({ payment_status: 'BLOCKED', cancelled: true })).toBe('CANCELLED');
    expect(bookingState({ payment_status: 'INITIATED', cancelled: false })).toBe('INITIATED');
  });
});

describe('holdsSlot', () => {
  // The database's exclusion constraint: NOT cancelled AND payment_status NOT IN ('FAILED', 'CANCELLED').
  const databaseHolds = (status: string, cancelled: boolean) =>
    !cancelled && status !== 'FAILED' && status !== 'CANCELLED';

  it('agrees with the exclusion constraint for every status, cancelled or not', () => {
    for (const payment_status of PAYMENT_STATUSES) {
      for (const cancelled of [false, true]) {
        expect(holdsSlot({ payment_status, cancelled }), `${payment_status} ${cancelled}`).toBe(
          databaseHolds(payment_status, cancelled),
        );
      }
    }
  });
});

describe('the actions offered', () => {
  it('offers Cancel on a live booking of today or later, not on a past, cancelled or blocked one', () => {
    expect(canCancel(booking(), TODAY)).toBe(true);
    expect(canCancel(booking({ payment_status: 'COMPLETED', booking_type: 'ONLINE' }), TODAY)).toBe(true);
    expect(canCancel(booking({ booking_date: '2026-11-30' }), TODAY)).toBe(false);
    expect(canCancel(booking({ cancelled: true }), TODAY)).toBe(false);
    expect(canCancel(booking({ payment_status: 'CANCELLED' }), TODAY)).toBe(false);
    // A failed payment attempt holds no slot and took no money: nothing to cancel.
    expect(canCancel(booking({ payment_status: 'FAILED', booking_type: 'ONLINE' }), TODAY)).toBe(false);
    expect(canCancel(booking({ payment_status: 'BLOCKED', booking_type: 'ADMIN_BLOCK' }), TODAY)).toBe(false);
  });

  it('offers Unblock on a block still holding a slot of today or later', () => {
    const block = booking({ payment_status: 'BLOCKED', booking_type: 'ADMIN_BLOCK' });
    expect(canUnblock(block, TODAY)).toBe(true);
    expect(canUnblock({ ...block, cancelled: true }, TODAY)).toBe(false);
    expect(canUnblock({ ...block, booking_date: '2026-11-30' }, TODAY)).toBe(false);
    expect(canUnblock(booking(), TODAY)).toBe(false);
  });

  it('offers a payment link only for a pending booking', () => {
    expect(canHavePaymentLink(booking())).toBe(true);
    expect(canHavePaymentLink(booking({ cancelled: true }))).toBe(false);
    expect(canHavePaymentLink(booking({ payment_status: 'INITIATED' }))).toBe(false);
    expect(canHavePaymentLink(booking({ payment_status: 'COMPLETED' }))).toBe(false);
  });

  it('knows an admin block by its type or its status', () => {
    expect(isAdminBlock({ booking_type: 'ADMIN_BLOCK', payment_status: 'BLOCKED' })).toBe(true);
    expect(isAdminBlock({ booking_type: 'OFFLINE', payment_status: 'BLOCKED' })).toBe(true);
    expect(isAdminBlock({ booking_type: 'ONLINE', payment_status: 'COMPLETED' })).toBe(false);
  });
});

describe('badges', () => {
  it('names every status with a word and a tone', () => {
    expect(statusBadge('COMPLETED')).toEqual({ label: 'Completed', tone: 'success' });
    expect(statusBadge('INITIATED')).toEqual({ label: 'Initiated', tone: 'warning' });
    expect(statusBadge('FAILED')).toEqual({ label: 'Failed', tone: 'danger' });
    expect(statusBadge('BLOCKED')).toEqual({ label: 'Blocked', tone: 'blocked' });
  });

  it('shows a cancelled booking as Cancelled in the lists, and an unblocked block as Unblocked', () => {
    expect(statusBadge('COMPLETED', true)).toEqual({ label: 'Cancelled', tone: 'danger' });
    expect(statusBadge('BLOCKED', true)).toEqual({ label: 'Unblocked', tone: 'neutral' });
  });

  it('shows the calendar words: paid, pending, initiated, cancelled, otherwise Scheduled', () => {
    expect(calendarBadge({ payment_status: 'COMPLETED', cancelled: false })).toEqual({
      label: 'Completed',
      tone: 'success',
    });
    expect(calendarBadge({ payment_status: 'PENDING', cancelled: false }).label).toBe('Pending');
    expect(calendarBadge({ payment_status: 'INITIATED', cancelled: false }).tone).toBe('warning');
    expect(calendarBadge({ payment_status: 'COMPLETED', cancelled: true })).toEqual({
      label: 'Cancelled',
      tone: 'danger',
    });
    expect(calendarBadge({ payment_status: 'BLOCKED', cancelled: false })).toEqual({
      label: 'Scheduled',
      tone: 'neutral',
    });
  });

  it('calls a session confirmed when it will take place: paid, or in person to be paid at the visit', () => {
    const confirmed = PAYMENT_STATUSES.flatMap((payment_status) =>
      (['ONLINE', 'OFFLINE'] as const).flatMap((booking_type) =>
        [false, true].map((cancelled) => ({ payment_status, booking_type, cancelled })),
      ),
    )
      .filter(isConfirmedSession)
      .map(({ payment_status, booking_type, cancelled }) => `${payment_status} ${booking_type} ${cancelled}`);
    expect(confirmed).toEqual(['PENDING OFFLINE false', 'COMPLETED ONLINE false', 'COMPLETED OFFLINE false']);
    expect(
      isConfirmedSession({ payment_status: 'BLOCKED', booking_type: 'ADMIN_BLOCK', cancelled: false }),
    ).toBe(false);
  });
});
