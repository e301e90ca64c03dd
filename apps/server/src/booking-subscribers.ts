import type { BookingSubscriber } from './features/bookings/booking-events.ts';
import { meetingLinkReaction } from './features/meetings/meeting-link-reaction.ts';
import { cancellationEmails } from './features/messages/reactions/cancellation-emails.ts';
import { confirmationEmail } from './features/messages/reactions/confirmation-email.ts';
import { moveEmails } from './features/messages/reactions/move-emails.ts';
import { paymentReceipt } from './features/messages/reactions/payment-receipt.ts';
import { refundEmails } from './features/messages/reactions/refund-emails.ts';
import { remindersPlanning } from './features/messages/reactions/reminders-planning.ts';
import { seriesReleaseEmail } from './features/messages/reactions/series-release-email.ts';
import { therapistNotice } from './features/messages/reactions/therapist-notice.ts';
import { whatsappConfirmation } from './features/messages/reactions/whatsapp-confirmation.ts';
import { cancellationRefundReaction } from './features/payments/cancellation-refund-reaction.ts';
import { freedSlotReaction } from './features/waitlist/freed-slot-reaction.ts';

/**
 * Who reacts to the booking module's events (decision 043), in the order their jobs are written:
 * the money first (a refund before the e-mails that mention it), the e-mails, then what follows
 * (the meeting link, the waitlist's offer of a freed slot).
 */
export const BOOKING_SUBSCRIBERS: readonly BookingSubscriber[] = [
  cancellationRefundReaction,
  refundEmails,
  confirmationEmail,
  therapistNotice,
  whatsappConfirmation,
  moveEmails,
  remindersPlanning,
  cancellationEmails,
  seriesReleaseEmail,
  paymentReceipt,
  meetingLinkReaction,
  freedSlotReaction,
];
