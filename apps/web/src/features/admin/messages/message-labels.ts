import type { BadgeTone } from '@therapy/shared/booking-badges';
import type { BookingMessage } from '@therapy/shared/message-schemas';

const KINDS: Record<BookingMessage['kind'], string> = {
  confirmation: 'Confirmation',
  reminder: 'Reminder',
  rescheduled: 'Rescheduled',
  cancelled: 'Cancellation',
  refund_issued: 'Refund notice',
  payment_receipt: 'Payment receipt',
  waitlist_offer: 'Waitlist offer',
};

const CHANNELS: Record<BookingMessage['channel'], string> = { email: 'E-mail', whatsapp: 'WhatsApp' };

/** What was sent: 'Confirmation', 'Reminder (24h)' (its offset, unless `detail` holds a failure). */
export function messageWhat(message: Pick<BookingMessage, 'kind' | 'status' | 'detail'>): string {
  const label = KINDS[message.kind];
  if (message.kind === 'reminder' && message.detail && message.status !== 'failed') {
    return `${label} (${message.detail})`;
  }
  return label;
}

export const channelLabel = (channel: BookingMessage['channel']): string => CHANNELS[channel];

/** How it went, as a word and a colour (never the colour alone), with the reason of a failure. */
export function messageStatus(message: Pick<BookingMessage, 'status' | 'detail'>): {
  label: string;
  tone: BadgeTone;
} {
  switch (message.status) {
    case 'sent':
      return { label: 'Sent', tone: 'success' };
    case 'failed':
      return { label: `Failed: ${message.detail || 'no reason given'}`, tone: 'danger' };
    case 'unknown':
      return { label: 'Not sure it was sent (server stopped while sending)', tone: 'warning' };
    case 'sending':
      return { label: 'Sending…', tone: 'neutral' };
  }
}
