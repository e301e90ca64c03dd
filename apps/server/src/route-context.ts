import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { NoteCipher } from './features/bookings/note-cipher.ts';
import type { BookingReadsCache } from './features/catalog/booking-reads-cache.ts';
import type { MeasureLinks } from './features/measures/measure-links.ts';
import type { registerPublicRateLimits } from './features/rate-limits/register-rate-limits.ts';

/** What every group of routes is built from. */
export type RouteContext = {
  app: FastifyInstance;
  config: AppConfig;
  db: Database;
  now?: () => Date;
  notes: NoteCipher;
  rateLimits: Awaited<ReturnType<typeof registerPublicRateLimits>>;
  bookingReads: BookingReadsCache;
  /** The questionnaire links' key, PUBLIC_URL and MEASURES_EVERY (decision 058). */
  measureLinks: MeasureLinks;
};
