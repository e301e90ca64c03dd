import * as z from 'zod/mini';
import { dbIdText, intTextInRange } from './schema-limits.ts';

/** What was sent to a client about a booking: GET /api/admin/bookings/{id}/messages. */
export const bookingMessageSchema = z.object({
  id: z.int(),
  kind: z.enum([
    'confirmation',
    'reminder',
    'rescheduled',
    'cancelled',
    'refund_issued',
    'payment_receipt',
    /** A waitlist offer of the held time (decision 041). */
    'waitlist_offer',
  ]),
  channel: z.enum(['email', 'whatsapp']),
  /** sending: under way; unknown: the server stopped while sending, so it may or may not have gone. */
  status: z.enum(['sending', 'sent', 'failed', 'unknown']),
  /** A reminder's offset ('24h'), or why it failed. */
  detail: z.nullable(z.string()),
  attempts: z.int(),
  /** When it was first tried, and when last changed (ISO 8601). */
  created_at: z.string(),
  updated_at: z.string(),
});
export type BookingMessage = z.infer<typeof bookingMessageSchema>;

export const bookingMessagesSchema = z.object({
  items: z.array(bookingMessageSchema),
  /** Pass as `cursor` for older messages; null when there are no more. */
  next_cursor: z.nullable(z.string()),
});
export type BookingMessages = z.infer<typeof bookingMessagesSchema>;

/** GET /api/admin/bookings/{id}/messages[?limit=&cursor=]: newest first, `limit` 1 to 100 (default 50). */
export const bookingMessagesQuerySchema = z.object({
  limit: z.optional(intTextInRange(1, 100)),
  /** The `next_cursor` of the page before. */
  cursor: z.optional(dbIdText),
});
