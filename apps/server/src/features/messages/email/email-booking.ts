import type { Queryable } from '../../../db/database.ts';
import { currentManageToken, manageUrl } from '../../bookings/manage-token.ts';
import type { BookingForEmail, EmailContext } from './booking-emails.ts';
import { findBookingForEmail } from './notifications-repo.ts';

/**
 * The booking as the e-mails show it, with the client's current manage link (a client's booking;
 * an admin's block has none). Undefined when the booking is gone.
 */
export async function loadBookingForEmail(
  db: Queryable,
  context: Pick<EmailContext, 'manageLinkKey' | 'publicUrl' | 'notes'>,
  id: number,
): Promise<BookingForEmail | undefined> {
  const stored = await findBookingForEmail(db, id);
  if (!stored || stored.booking_type === 'ADMIN_BLOCK') return stored;
  const booking = { ...stored, client_note: context.notes.open(stored.client_note) };
  const token = await currentManageToken(db, context.manageLinkKey, booking.id);
  return { ...booking, manage_url: manageUrl(context.publicUrl, token) };
}
