import type { BookingType, PaymentStatus } from '@therapy/shared/booking-states';
import type { Queryable } from '../../db/database.ts';
import { type IssueClock, issueReceipt, paidOnline } from '../receipts/issue-documents.ts';

export type PayableBooking = {
  id: number;
  therapist_id: number;
  booking_type: BookingType;
  payment_status: PaymentStatus;
  cancelled: boolean;
  booking_date: string;
  booking_time_slot_start: string;
  booking_time_slot_end: string;
  amount_paise: number;
  client_full_name: string | null;
  client_email: string | null;
  client_mobile: string | null;
  payment_link_id: string | null;
  payment_link_url: string | null;
  hold_expires_at: Date | null;
  therapist_name: string;
  needs_refund: boolean;
  /** A refund of its payment was asked for (refunds table): it is never confirmed or flagged again. */
  has_refund: boolean;
  payment_transaction_id: string | null;
  /** It has a standing payment recorded at the centre (decision 024). */
  paid_at_centre: boolean;
};

const payableSelect = `
  SELECT b.id, b.therapist_id, b.booking_type, b.payment_status, b.cancelled,
    to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date,
    to_char(b.booking_time_slot_start, 'HH24:MI:SS') AS booking_time_slot_start,
    to_char(b.booking_time_slot_end, 'HH24:MI:SS') AS booking_time_slot_end,
    b.amount_paise, b.client_full_name, b.client_email, b.client_mobile, b.payment_link_id, b.payment_link_url,
    b.hold_expires_at, t.name AS therapist_name, b.needs_refund,
    EXISTS (SELECT 1 FROM refunds r WHERE r.booking_id = b.id) AS has_refund, b.payment_transaction_id,
    booking_paid_at_centre(b.id) AS paid_at_centre
  FROM bookings b JOIN therapists t ON t.id = b.therapist_id`;

/**
 * The booking; with `lock`, locked until the transaction ends. The lock is taken by a statement of
 * its own before the read: a statement that waited for a lock sees the locked row anew but its
 * joins and subqueries (has_refund) as they were before the wait (PostgreSQL, READ COMMITTED).
 */
export async function findPayableBooking(db: Queryable, id: number, options: { lock?: boolean } = {}) {
  if (options.lock) await db.query('SELECT id FROM bookings WHERE id = $1 FOR UPDATE', [id]);
  const { rows } = await db.query<PayableBooking>(`${payableSelect} WHERE b.id = $1`, [id]);
  return rows[0];
}

export async function findPaymentLinkRow(db: Queryable, id: string) {
  const { rows } = await db.query<{
    id: string;
    booking_id: number;
    short_url: string;
    status: string;
    expires_at: Date | null;
    /** A standing appointment's one link for all its sessions (decision 056). */
    series_id: number | null;
  }>('SELECT id, booking_id, short_url, status, expires_at, series_id FROM payment_links WHERE id = $1', [
    id,
  ]);
  return rows[0];
}

export async function insertPaymentLink(
  db: Queryable,
  link: {
    id: string;
    bookingId: number;
    provider: string;
    shortUrl: string;
    amountPaise: number;
    expiresAt: Date | null;
    seriesId?: number | null;
  },
) {
  await db.query(
    `INSERT INTO payment_links (id, booking_id, provider, short_url, amount_paise, expires_at, series_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      link.id,
      link.bookingId,
      link.provider,
      link.shortUrl,
      link.amountPaise,
      link.expiresAt,
      link.seriesId ?? null,
    ],
  );
}

/**
 * Records a captured payment and, in the same transaction, its receipt (decision 057): the payment
 * and its numbered document stand or fall together. A replay changes nothing.
 */
export async function recordPayment(
  db: Queryable,
  payment: {
    id: string;
    bookingId: number;
    linkId: string;
    provider: string;
    amountPaise: number;
    /** The standing appointment it pays for as a whole (decision 056). */
    seriesId?: number | null;
    /** The clinic's clock: the receipt's date and financial year. */
    receiptClock: IssueClock;
  },
) {
  await db.query(
    `INSERT INTO payments (id, booking_id, payment_link_id, provider, amount_paise, status, paid_at, series_id)
     VALUES ($1, $2, $3, $4, $5, 'captured', now(), $6)
     ON CONFLICT (id) DO NOTHING`,
    [
      payment.id,
      payment.bookingId,
      payment.linkId,
      payment.provider,
      payment.amountPaise,
      payment.seriesId ?? null,
    ],
  );
  await db.query(`UPDATE payment_links SET status = 'paid' WHERE id = $1`, [payment.linkId]);
  await issueReceipt(
    db,
    paidOnline(payment.id, payment.bookingId, payment.amountPaise),
    payment.receiptClock,
  );
}
