import { bookingMessagesSchema } from '@therapy/shared/message-schemas';
import { queryString } from '../../../lib/api-client';
import { adminRequest, pathId } from '../admin-http';

/** What was sent to a booking's client, newest first; `cursor` (the last page's `next_cursor`) pages back. */
export const fetchBookingMessages = (bookingId: number, cursor: string | null, signal?: AbortSignal) =>
  adminRequest(`/api/admin/bookings/${pathId(bookingId)}/messages${queryString({ cursor })}`, {
    signal,
    schema: bookingMessagesSchema,
  });
