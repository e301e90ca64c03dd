import { adminIdParamsSchema } from '@therapy/shared/admin-schemas';
import { errorResponses } from '@therapy/shared/api-errors';
import {
  type BookingMessages,
  bookingMessagesQuerySchema,
  bookingMessagesSchema,
} from '@therapy/shared/message-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/database.ts';
import { notFound } from '../../../http/app-error.ts';

const DEFAULT_LIMIT = 50;

type MessageRow = Omit<BookingMessages['items'][number], 'id'> & { id: string };

/** One page of a booking's messages, newest (highest id) first, after the message `cursor` names. */
export async function listBookingMessages(
  db: Database,
  bookingId: number,
  page: { limit: number; cursor?: number },
): Promise<BookingMessages | undefined> {
  const booking = await db.query('SELECT 1 FROM bookings WHERE id = $1', [bookingId]);
  if (booking.rows.length === 0) return undefined;
  const { rows } = await db.query<MessageRow>(
    `SELECT id::text AS id, kind, channel, status, detail, attempts,
       to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
       to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at
     FROM booking_messages
     WHERE booking_id = $1 AND recipient = 'client' AND ($2::bigint IS NULL OR id < $2)
     ORDER BY id DESC LIMIT $3`,
    [bookingId, page.cursor ?? null, page.limit + 1],
  );
  const items = rows.slice(0, page.limit).map((row) => ({ ...row, id: Number(row.id) }));
  const more = rows.length > page.limit;
  return { items, next_cursor: more ? String(items.at(-1)!.id) : null };
}

/** What was sent to a client about a booking, by which channel, and whether it went (admins). */
export const messageRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/admin/bookings/:id/messages',
    {
      access: 'admin',
      schema: {
        tags: ['admin'],
        summary:
          'Messages sent to the client about a booking (e-mail, WhatsApp), newest first, with failures; next page by cursor=next_cursor',
        params: adminIdParamsSchema,
        querystring: bookingMessagesQuerySchema,
        response: { 200: bookingMessagesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { limit = DEFAULT_LIMIT, cursor } = request.query;
      const page = await listBookingMessages(db, request.params.id, { limit, cursor });
      if (!page) throw notFound(`Booking ${request.params.id} not found`);
      return page;
    },
  );
};
