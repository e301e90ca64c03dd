import type { Queryable } from '../../db/database.ts';

/**
 * Puts a payment link on the booking unless another request already did (a double click);
 * answers whether this one did. The link's own row (payment_links) is the payments feature's.
 */
export async function attachPaymentLink(db: Queryable, bookingId: number, linkId: string, url: string) {
  const { rows } = await db.query(
    `UPDATE bookings SET payment_link_id = $2, payment_link_url = $3, updated_at = now()
     WHERE id = $1 AND payment_link_id IS NULL RETURNING id`,
    [bookingId, linkId, url],
  );
  return rows.length > 0;
}
