import type { PaymentLink } from '@therapy/shared/booking-schemas';
import type { Queryable } from '../../db/database.ts';
import { holdLaterSessionsForTheirPayment } from '../bookings/series-pay.ts';
import type { JobHandlers } from '../jobs/job-kinds.ts';
import { enqueueJob } from '../jobs/jobs-repo.ts';

/**
 * A standing appointment paid session by session (`pay: "each"`, decision 056): once its first
 * session is paid, each later session is held until 24 hours before it (bookings/series-pay.ts)
 * and its payment link goes out SERIES_PAY_AHEAD_HOURS before it, by a job planned here. Unpaid
 * when its hold ends, the holds' sweep releases it: the client is told and the waitlist offered
 * the time (the reactions to booking.released).
 */

/** In the first session's payment transaction: the later sessions held, their links' jobs planned. */
export async function planLaterSessionLinks(
  tx: Queryable,
  paidId: number,
  options: { clinicTimeZone: string; payAheadHours: number },
) {
  const later = await holdLaterSessionsForTheirPayment(tx, paidId, options.clinicTimeZone);
  for (const session of later) {
    await enqueueJob(tx, {
      kind: 'payment.series_session_link',
      payload: { booking_id: session.id },
      dedupeKey: `series-session-link:${session.id}`,
      runAt: new Date(session.starts_at.getTime() - options.payAheadHours * 3_600_000),
    });
  }
}

/** The job: the session's link made (for its own amount, open until its hold ends), then e-mailed. */
export function createSeriesPayAheadHandlers(
  db: Queryable,
  // The payments service's one call it needs (named here: that service plans these jobs).
  payments: { laterSessionLink(bookingId: number): Promise<PaymentLink | null> },
): Pick<JobHandlers, 'payment.series_session_link'> {
  return {
    'payment.series_session_link': async ({ booking_id }) => {
      const link = await payments.laterSessionLink(booking_id);
      if (!link) return;
      await enqueueJob(db, {
        kind: 'email.series_payment_link',
        payload: { booking_id },
        dedupeKey: `email.series_payment_link:${booking_id}`,
      });
    },
  };
}
