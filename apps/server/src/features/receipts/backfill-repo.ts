import { statusInSql } from '../../db/booking-state-sql.ts';
import type { Queryable } from '../../db/database.ts';
import type { PaidSource } from './issue-documents.ts';

/**
 * The backfill's reads (decision 063): payments collected before the money papers existed and so
 * without a document, and what was given back on them, each with the moment it happened.
 */

/** A payment without its document, as the backfill takes it. */
export type UndocumentedPayment = {
  kind: PaidSource['kind'];
  /** The payment's id ('pay_…'), the centre payment's, or the manual booking's (as text). */
  id: string;
  booking_id: number;
  amount_paise: number;
  paid_at: Date;
};

/**
 * Every payment collected: an online payment captured, a payment at the centre (undone or not:
 * an undone one gets its credit note too, as it would have had), and a manual booking entered as
 * paid (still COMPLETED). Its source as money_documents names it.
 */
const PAYMENTS_SQL = `
  SELECT 'payment' AS kind, p.id, p.booking_id, p.amount_paise, COALESCE(p.paid_at, p.created_at) AS paid_at
  FROM payments p WHERE p.status = 'captured'
  UNION ALL
  SELECT 'centre', c.id::text, c.booking_id, c.amount_paise, c.recorded_at FROM centre_payments c
  UNION ALL
  SELECT 'manual', b.id::text, b.id, b.amount_paise, b.created_at FROM bookings b
  WHERE ${statusInSql('b', ['COMPLETED'])} AND b.payment_transaction_id = 'MANUAL-' || b.id`;

/**
 * The first `limit` payments, in payment order, paid on or after `from` and still without a
 * document: each one documented drops out, so the next call goes on from there.
 */
export async function nextUndocumentedPayments(
  db: Queryable,
  { from, limit }: { from: Date; limit: number },
): Promise<UndocumentedPayment[]> {
  const { rows } = await db.query<UndocumentedPayment>(
    `SELECT kind, id, booking_id, amount_paise, paid_at FROM (${PAYMENTS_SQL}) AS paid
     WHERE paid.paid_at >= $1
       AND NOT EXISTS (SELECT 1 FROM money_documents d WHERE d.source = paid.kind || ':' || paid.id)
     ORDER BY paid.paid_at, paid.kind, paid.id
     LIMIT $2`,
    [from, limit],
  );
  return rows.map((row) => ({ ...row, paid_at: new Date(row.paid_at) }));
}

/** What was given back on `payment`, oldest first: accepted refunds, or the centre payment undone. */
export async function givenBack(
  db: Queryable,
  payment: UndocumentedPayment,
): Promise<{ booking_id: number; amount_paise: number; at: Date }[]> {
  if (payment.kind === 'manual') return [];
  const { rows } =
    payment.kind === 'payment'
      ? await db.query<{ booking_id: number; amount_paise: number; at: Date }>(
          `SELECT booking_id, amount_paise, COALESCE(refunded_at, requested_at) AS at FROM refunds
           WHERE payment_id = $1 AND status IN ('pending', 'processed')
           ORDER BY at, booking_id`,
          [payment.id],
        )
      : await db.query<{ booking_id: number; amount_paise: number; at: Date }>(
          `SELECT booking_id, amount_paise, voided_at AS at FROM centre_payments
           WHERE id = $1 AND voided_at IS NOT NULL`,
          [Number(payment.id)],
        );
  return rows.map((row) => ({ ...row, at: new Date(row.at) }));
}

/** Locks the payment's row for its transaction: two backfills at once take turns on it. */
export async function lockPayment(tx: Queryable, payment: UndocumentedPayment) {
  const table = { payment: 'payments', centre: 'centre_payments', manual: 'bookings' }[payment.kind];
  const id = payment.kind === 'payment' ? payment.id : Number(payment.id);
  await tx.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
}
