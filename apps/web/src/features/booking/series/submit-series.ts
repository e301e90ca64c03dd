import type { BookingCreated, PaymentLink } from '@therapy/shared/booking-schemas';
import type { SeriesClash } from '@therapy/shared/series-schemas';
import { postSeries, SeriesClashError } from '../../../kit/series/series-api';
import { repeatOf, type SeriesPattern } from '../../../kit/series/series-rows';
import { ApiError, postJson } from '../../../lib/api-client';
import { BOOKING_MESSAGES } from '../booking-messages';
import type { bookingPayload, CompleteDraft, paymentLinkRequest, SubmitOutcome } from '../submit-booking';

/** What came of confirming a standing appointment: as a booking's, or the dates that were taken. */
export type SeriesOutcome =
  | Exclude<SubmitOutcome, { kind: 'slot-taken' }>
  | { kind: 'dates-taken'; clashes: SeriesClash[] };

export type SeriesRequestMakers = { payload: typeof bookingPayload; linkRequest: typeof paymentLinkRequest };

const statusPage = (created: BookingCreated) =>
  `/payment-status?${new URLSearchParams({
    booking_id: String(created.booking_id),
    token: created.confirmation_token,
  })}`;

/**
 * Books the whole series in one call (all or nothing, decision 055): in person, then the status
 * page; online, the payment page of its first session's link (decision 056), which asks for the
 * whole series' fees (`pay: "all"`) or the first session's (`pay: "each"`: each later one gets its
 * own link before it). A 409 names the dates that were taken.
 */
export async function submitSeries(
  draft: CompleteDraft,
  choice: { pattern: SeriesPattern; pay: 'all' | 'each' },
  /** The single booking's payload and link request (passed in: they live in the confirm step's chunk). */
  make: SeriesRequestMakers,
): Promise<SeriesOutcome> {
  const online = draft.bookingType === 'online';
  const { pattern, pay } = choice;
  const payload = { ...make.payload(draft), repeat: repeatOf(pattern), ...(online ? { pay } : {}) };
  let created: BookingCreated;
  try {
    created = await postSeries<BookingCreated>(online ? '/api/bookings' : '/confirm-booking', payload);
  } catch (error) {
    if (error instanceof SeriesClashError) return { kind: 'dates-taken', clashes: error.clashes };
    const message = error instanceof ApiError ? error.serverMessage : undefined;
    return { kind: 'failed', message: message ?? BOOKING_MESSAGES.bookingFailed };
  }
  if (!online) return { kind: 'status-page', path: statusPage(created) };
  try {
    const link = await postJson<Partial<PaymentLink>>(
      '/api/payment/generate-link',
      make.linkRequest(draft, created.booking_id),
    );
    if (link.short_url) return { kind: 'payment-page', url: link.short_url };
  } catch (error) {
    if (error instanceof ApiError && error.serverMessage)
      return { kind: 'failed', message: error.serverMessage };
  }
  return { kind: 'failed', message: BOOKING_MESSAGES.paymentLinkFailed };
}
