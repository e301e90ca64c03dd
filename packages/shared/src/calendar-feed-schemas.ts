import * as z from 'zod/mini';

/**
 * GET /api/therapist/calendar-feed and POST …/rotate (CONTRACT.md): the therapist's private
 * subscription address, PUBLIC_URL/calendar/{token}.ics.
 */
export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
