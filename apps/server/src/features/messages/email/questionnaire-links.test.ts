import { describe, expect, it } from 'vitest';
import { MESSAGE_TEST_CONTEXT } from '../../../test/message-kit.ts';
import { reminderEmail } from '../reminders/reminder-email.ts';
import { type BookingForEmail, bookingConfirmedEmail } from './booking-emails.ts';
import { offsetMinutes } from './notification-handlers.ts';

const URL = 'http://book.test/intake/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

/** A confirmed in-person session, with the questionnaire it brings (decision 058). */
const session = (client_language: 'en' | 'hi', kind: 'intake' | 'repeat'): BookingForEmail => ({
  id: 7,
  booking_type: 'OFFLINE',
  payment_status: 'PENDING',
  booking_date: '2026-12-02',
  start_time: '10:00:00',
  end_time: '10:45:00',
  client_full_name: 'Asha Client',
  client_email: 'client@example.com',
  client_mobile: '9876543210',
  client_note: null,
  guardian_email: null,
  therapist_name: 'Dr.Asha Menon',
  therapist_email: 'asha.menon@example.com',
  location_name: 'West Branch',
  location_address: 'Andheri West, Mumbai',
  amount_paise: 150_000,
  google_meet_link: null,
  payment_transaction_id: null,
  paid_online: false,
  paid_at_centre: false,
  refund_id: null,
  refund_amount_paise: null,
  invite_sequence: 0,
  cancelled: false,
  cancelled_by: null,
  client_language,
  intake: { url: URL, kind },
});

describe('the questionnaire link in the client’s messages (issue 28)', () => {
  it('puts the intake link in the first booking’s confirmation, in the client’s language', () => {
    expect(bookingConfirmedEmail(session('en', 'intake'), MESSAGE_TEST_CONTEXT).text).toContain(
      `Before your first session, a few questions: ${URL}`,
    );
    expect(bookingConfirmedEmail(session('hi', 'intake'), MESSAGE_TEST_CONTEXT).text).toContain(
      `पहले सत्र से पहले, कुछ प्रश्न: ${URL}`,
    );
  });

  it('puts the repeat questionnaire in the reminder, and nothing when the session brings none', () => {
    expect(reminderEmail(session('en', 'repeat'), MESSAGE_TEST_CONTEXT).text).toContain(
      `Before your session, two short questionnaires: ${URL}`,
    );
    const none = reminderEmail({ ...session('en', 'repeat'), intake: null }, MESSAGE_TEST_CONTEXT);
    expect(none.text).not.toContain('/intake/');
  });
});

describe('which reminder carries it', () => {
  it('is a reminder a day or more ahead (REMINDER_OFFSETS labels)', () => {
    expect(['24h', '1d', '48h', '2h', '90m', 'soon'].map(offsetMinutes)).toEqual([
      1440, 1440, 2880, 120, 90, 0,
    ]);
  });
});
