import type { Queryable } from '../../../db/database.ts';
import { currentManageToken, manageUrl } from '../../bookings/manage-token.ts';
import type { BookingForEmail, EmailContext } from './booking-emails.ts';
import { findBookingForEmail } from './notifications-repo.ts';

/** The client's link and the therapist's, from the stored room (decision 053). */
async function withMeetingLinks(booking: BookingForEmail, urls: EmailContext['meetingUrls']) {
  if (!urls || !booking.google_meet_link) return booking;
  const session = {
    bookingId: booking.id,
    link: booking.google_meet_link,
    date: booking.booking_date,
    startTime: booking.start_time,
    endTime: booking.end_time,
  };
  return {
    ...booking,
    google_meet_link: await urls.forClient(session),
    therapist_meeting_link: await urls.forTherapist(session, booking.therapist_name),
  };
}

/**
 * The booking as the e-mails show it, with the client's current manage link (a client's booking;
 * an admin's block has none). Undefined when the booking is gone.
 */
export async function loadBookingForEmail(
  db: Queryable,
  context: Pick<EmailContext, 'manageLinkKey' | 'publicUrl' | 'notes' | 'meetingUrls'>,
  id: number,
): Promise<BookingForEmail | undefined> {
  const stored = await findBookingForEmail(db, id);
  if (!stored || stored.booking_type === 'ADMIN_BLOCK') return stored;
  const booking = await withMeetingLinks(
    { ...stored, client_note: context.notes.open(stored.client_note) },
    context.meetingUrls,
  );
  const token = await currentManageToken(db, context.manageLinkKey, booking.id);
  return { ...booking, manage_url: manageUrl(context.publicUrl, token) };
}
