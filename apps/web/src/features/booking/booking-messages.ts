import type { MessageId } from '../../i18n/catalog';

/**
 * The wizard's messages (specification section 8, word for word in i18n/en/booking.json), as
 * catalogue ids: the screen shows them in the visitor's language.
 */
export const BOOKING_MESSAGES = {
  locationsFailed: 'booking.error.locationsFailed',
  therapistsFailed: 'booking.error.therapistsFailed',
  slotsFailed: 'booking.error.slotsFailed',
  bookingFailed: 'booking.error.bookingFailed',
  paymentLinkFailed: 'booking.error.paymentLinkFailed',
  unexpected: 'booking.error.unexpected',
  slotTaken: 'booking.error.slotTaken',
} as const satisfies Record<string, MessageId>;
