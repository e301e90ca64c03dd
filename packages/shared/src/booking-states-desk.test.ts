import { describe, expect, it } from 'vitest';
import { type BookingFacts, canMove, canUndoCentrePayment } from './booking-states.ts';

const NOW = { date: '2026-12-01', time: '10:00:00' };
const booking = (
  change: Partial<BookingFacts & { booking_date: string; booking_time_slot_start: string }> = {},
) => ({
  payment_status: 'PENDING' as const,
  cancelled: false,
  booking_type: 'OFFLINE' as const,
  booking_date: '2026-12-02',
  booking_time_slot_start: '09:00:00',
  ...change,
});

describe('the front desk’s Move', () => {
  it('moves a session that will take place and has not begun', () => {
    expect(canMove(booking(), NOW)).toBe(true);
    expect(canMove(booking({ payment_status: 'COMPLETED', booking_type: 'ONLINE' }), NOW)).toBe(true);
    expect(canMove(booking({ booking_date: NOW.date, booking_time_slot_start: '11:00:00' }), NOW)).toBe(true);
  });

  it('not one that began, a hold awaiting payment (a waitlist offer too), a cancelled one or a block', () => {
    expect(canMove(booking({ booking_date: NOW.date, booking_time_slot_start: '10:00:00' }), NOW)).toBe(
      false,
    );
    expect(canMove(booking({ payment_status: 'INITIATED' }), NOW)).toBe(false);
    expect(canMove(booking({ payment_status: 'PENDING', booking_type: 'ONLINE' }), NOW)).toBe(false);
    expect(canMove(booking({ cancelled: true }), NOW)).toBe(false);
    expect(canMove(booking({ payment_status: 'FAILED' }), NOW)).toBe(false);
    expect(canMove(booking({ payment_status: 'BLOCKED', booking_type: 'ADMIN_BLOCK' }), NOW)).toBe(false);
  });
});

describe('Undo Payment', () => {
  it('while the booking stands paid by a payment recorded at the centre', () => {
    expect(canUndoCentrePayment({ ...booking({ payment_status: 'COMPLETED' }), centre_payment_id: 4 })).toBe(
      true,
    );
    expect(canUndoCentrePayment(booking({ payment_status: 'COMPLETED' }))).toBe(false);
    expect(
      canUndoCentrePayment({
        ...booking({ payment_status: 'COMPLETED', cancelled: true }),
        centre_payment_id: 4,
      }),
    ).toBe(false);
    expect(canUndoCentrePayment({ ...booking(), centre_payment_id: 4 })).toBe(false);
  });
});
