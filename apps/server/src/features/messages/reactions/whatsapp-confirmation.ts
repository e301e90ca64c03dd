import type { BookingSubscriber } from '../../bookings/booking-events.ts';
import { enqueueWhatsAppConfirmation } from '../whatsapp/whatsapp-jobs.ts';

/** The client's confirmation on WhatsApp too, when they consented. */
export const whatsappConfirmation: BookingSubscriber = {
  name: 'WhatsApp confirmation',
  on: {
    'booking.confirmed': (tx, event) => enqueueWhatsAppConfirmation(tx, event.booking_id),
  },
};
