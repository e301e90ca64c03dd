import { isConfirmedSession } from '@therapy/shared/booking-states';
import { normalizeMobile } from '@therapy/shared/mobile-number';
import { therapistDisplayName } from '@therapy/shared/therapist-name';
import type { Database } from '../../../db/database.ts';
import type { JobHandlers } from '../../jobs/job-kinds.ts';
import type { BookingForEmail, EmailContext } from '../email/booking-emails.ts';
import { loadBookingForEmail } from '../email/email-booking.ts';
import { clientWording } from '../email/email-parts.ts';
import { deliverOnce, type LoggedMessage } from '../log/message-log.ts';
import { findReminderBooking, reminderStillDue } from '../reminders/reminder-booking.ts';
import { reminderMessageKey } from '../reminders/reminder-jobs.ts';
import { sendWhatsAppTemplate, type WhatsAppConfig } from './whatsapp-client.ts';

/**
 * The templates' body parameters, the same for confirmation and reminder: {{1}} the client's
 * name, {{2}} the therapist, {{3}} the date, {{4}} the time, {{5}} the manage link. The date and
 * time are written in the booking's language, as its template (sent in that language) reads them.
 */
export function templateParameters(booking: BookingForEmail, context: EmailContext): string[] {
  const { t, date, time } = clientWording(booking);
  return [
    booking.client_full_name ?? t('nameFallback'),
    therapistDisplayName(booking.therapist_name),
    date(booking.booking_date),
    time(booking.start_time),
    booking.manage_url ?? context.publicUrl,
  ];
}

export type WhatsAppHandlerOptions = {
  /** WHATSAPP_*; without it the jobs do nothing. */
  whatsapp: WhatsAppConfig | undefined;
  context: EmailContext;
  now?: () => Date;
  timeoutMs?: number;
};

/**
 * The WhatsApp jobs: apart from the e-mails, so a WhatsApp failure is retried by its own job and
 * never holds an e-mail back. Each at most once, through the booking's message log.
 */
export function createWhatsAppHandlers(
  db: Database,
  { whatsapp, context, now = () => new Date(), timeoutMs }: WhatsAppHandlerOptions,
): Pick<JobHandlers, 'whatsapp.confirmation' | 'whatsapp.reminder'> {
  async function send(
    config: WhatsAppConfig,
    language: 'en' | 'hi',
    template: string,
    message: Omit<LoggedMessage, 'bookingId' | 'channel'>,
    bookingId: number,
  ) {
    const booking = await loadBookingForEmail(db, context, bookingId);
    const mobile = booking?.client_mobile ? normalizeMobile(booking.client_mobile) : undefined;
    if (!booking || !mobile) return;
    const parameters = templateParameters(booking, context);
    await deliverOnce(
      db,
      { ...message, bookingId, channel: 'whatsapp' },
      () => sendWhatsAppTemplate(config, { mobile, template, language, parameters }, timeoutMs),
      context.onDelivery,
    );
  }

  return {
    'whatsapp.confirmation': async (payload) => {
      const booking = whatsapp && (await findReminderBooking(db, Number(payload.booking_id)));
      if (!whatsapp || !booking?.whatsapp_consent || !isConfirmedSession(booking)) return;
      await send(
        whatsapp,
        booking.client_language,
        whatsapp.templates.confirmation,
        {
          kind: 'confirmation',
          dedupeKey: `confirmation:whatsapp:${booking.id}`,
        },
        booking.id,
      );
    },
    'whatsapp.reminder': async (payload) => {
      if (!whatsapp) return;
      const booking = await reminderStillDue(db, payload, context.timeZone, now());
      if (!booking?.whatsapp_consent) return;
      await send(
        whatsapp,
        booking.client_language,
        whatsapp.templates.reminder,
        {
          kind: 'reminder',
          dedupeKey: reminderMessageKey('whatsapp', payload),
          detail: payload.offset,
        },
        booking.id,
      );
    },
  };
}
