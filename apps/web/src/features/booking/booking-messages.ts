/** The wizard's messages, word for word from the specification (section 8). */
export const BOOKING_MESSAGES = {
  locationsFailed: 'Failed to load locations. Please try again later.',
  therapistsFailed: 'Failed to load therapists. Please try again later.',
  slotsFailed: 'Failed to load time slots. Please try again.',
  bookingFailed: 'Failed to create booking. Please try again.',
  paymentLinkFailed: 'Failed to generate payment link. Please contact support.',
  unexpected: 'An unexpected error occurred. Please try again.',
  slotTaken: 'Sorry, this time slot has just been booked by someone else. Please choose another time.',
} as const;
