import type { BookingSubscriber } from '../../bookings/booking-events.ts';
import { enqueueReminderPlanning } from '../reminders/reminder-jobs.ts';

/** Plans the reminders for the booking's slot when it is confirmed, and again when it moves. */
export const remindersPlanning: BookingSubscriber = {
  name: 'reminders planning',
  on: {
    'booking.confirmed': (tx, event) => enqueueReminderPlanning(tx, event.booking_id),
    'booking.moved': (tx, event) => enqueueReminderPlanning(tx, event.booking_id),
  },
};
