import { describe, expect, it } from 'vitest';
import { MESSAGE_TEST_CONTEXT } from '../../../test/message-kit.ts';
import { type BookingForEmail, bookingConfirmedEmail } from './booking-emails.ts';
import { refundIssuedEmail, refundNeededEmail } from './refund-emails.ts';

/** An online session paid through the payment provider, then cancelled by the clinic and refunded. */
const refunded = (client_language: 'en' | 'hi'): BookingForEmail => ({
  id: 42,
  booking_type: 'ONLINE',
  payment_status: 'CANCELLED',
  cancelled: true,
  booking_date: '2026-11-23',
  start_time: '18:00:00',
  end_time: '18:45:00',
  client_full_name: 'Asha Client',
  client_email: 'client@example.com',
  client_mobile: '9876543210',
  client_note: null,
  guardian_email: null,
  therapist_name: 'Dr.Asha Menon',
  therapist_email: 'asha.menon@example.com',
  location_name: null,
  location_address: null,
  amount_paise: 150_000,
  google_meet_link: 'https://meet.jit.si/Room-x',
  payment_transaction_id: 'pay_123',
  paid_online: true,
  paid_at_centre: false,
  refund_id: 'rfnd_9',
  refund_amount_paise: 150_000,
  invite_sequence: 1,
  cancelled_by: 'clinic',
  client_language,
});

describe('refund e-mails in the booking’s language', () => {
  it('tells a Hindi booking’s client of the refund in Hindi', () => {
    const mail = refundIssuedEmail(refunded('hi'), MESSAGE_TEST_CONTEXT);
    expect(mail.subject).toBe('बुकिंग 42 का रिफ़ंड जारी किया गया');
    expect(mail.text).toContain(
      'प्रिय Asha Client,\n\nआपकी बुकिंग 42 के लिए आपने जो ₹1,500.00 चुकाए थे, वे हमने लौटा दिए हैं; यह सत्र नहीं होगा।',
    );
    expect(mail.text).toContain('तारीख: सोमवार, 23 नवंबर 2026\nसमय: शाम 6:00 – शाम 6:45 (IST)');
    expect(mail.text).toContain('लौटाई गई राशि: ₹1,500.00\nभुगतान आईडी: pay_123\nरिफ़ंड संदर्भ: rfnd_9');
    expect(mail.text).toContain('कोई दूसरा समय बुक करने के लिए: http://book.test/book');
    expect(mail.text).not.toContain('मीटिंग लिंक');
    expect(mail.html).toContain('<html lang="hi">');
  });

  it('keeps an English booking’s refund e-mail word for word, and the clinic’s notice English', () => {
    const mail = refundIssuedEmail(refunded('en'), MESSAGE_TEST_CONTEXT);
    expect(mail.subject).toBe('Refund issued for booking 42');
    expect(mail.text).toContain(
      'We have refunded the ₹1,500.00 you paid for your booking 42; the session will not take place.',
    );
    expect(mail.text).toContain(
      'Time: 6:00 PM – 6:45 PM (IST)\nSession: Online Video Session\nAmount refunded',
    );
    const notice = refundNeededEmail(refunded('hi'), MESSAGE_TEST_CONTEXT);
    expect(notice.subject).toBe('Refund needed for booking 42');
    expect(notice.text).toContain('Date: Monday, 23 November 2026\nTime: 6:00 PM – 6:45 PM (IST)');
    expect(notice.html).toContain('<html lang="en">');
  });

  it('writes a paid online confirmation’s amount with its payment in Hindi', () => {
    const booking = { ...refunded('hi'), payment_status: 'COMPLETED', refund_id: null };
    const mail = bookingConfirmedEmail(booking, MESSAGE_TEST_CONTEXT);
    expect(mail.text).toContain('मीटिंग लिंक: https://meet.jit.si/Room-x');
    expect(mail.text).toContain('भुगतान की गई राशि: ₹1,500.00 (भुगतान आईडी pay_123)');
    expect(mail.text).toContain('कृपया सत्र शुरू होने से कुछ मिनट पहले मीटिंग लिंक खोलें।');
  });
});
