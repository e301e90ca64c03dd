import { setupI18n } from '@lingui/core';
import type { ManageView } from '@therapy/shared/manage-schemas';
import { describe, expect, it } from 'vitest';
import englishManage from '../../i18n/en/manage.json';
import hindiManage from '../../i18n/hi/manage.json';
import type { Locale } from '../../i18n/locale';
import { rescheduleTimes } from '../../kit/booking/open-times';
import { formatsFor } from '../../lib/format';
import { noActionText, refundText, type Words } from './manage-rules';

/** The manage page's words in a language: its catalogue and its formats. */
function wordsIn(locale: Locale, messages: Record<string, string>): Words {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return { t: (id, values) => i18n._(id, values), format: formatsFor(locale) };
}

/** English, as the specification words it. */
const words = wordsIn('en', englishManage);

const slot = (date: string, start_time: string, location_id: number) => ({
  date,
  start_time,
  end_time: `${start_time.slice(0, 2)}:45:00`,
  location_id,
});

const booking = {
  booking_id: 7,
  booking_type: 'OFFLINE' as const,
  booking_date: '2026-11-30',
  booking_time_slot_start: '10:00:00',
  booking_time_slot_end: '10:45:00',
  therapist_id: 3,
  therapist_name: 'Asha Menon',
  location_id: 2,
  location_name: 'West Branch',
  location_address: '1 Hill Road, Mumbai',
  google_meet_link: null,
  amount: 1500,
  paid_online: false,
};

const view = (changes: Partial<ManageView>): ManageView => ({
  status: 'confirmed',
  booking,
  can_change: true,
  notice_hours: 24,
  change_until: '2026-11-29T04:30:00.000Z',
  clinic_phone: '+91 22 4000 0000',
  ...changes,
});

describe('the times a booking can move to', () => {
  it('keeps the booking’s own centre, leaves out its current slot and empty dates', () => {
    const slots = [
      slot('2026-11-30', '10:00:00', 2),
      slot('2026-11-30', '11:00:00', 2),
      slot('2026-11-30', '12:00:00', 0),
      slot('2026-12-01', '09:00:00', 1),
      slot('2026-12-02', '09:00:00', 2),
    ];
    const times = rescheduleTimes(slots, booking);
    expect([...times.keys()]).toEqual(['2026-11-30', '2026-12-02']);
    expect([...(times.get('2026-11-30')?.keys() ?? [])]).toEqual(['11:00:00']);
  });

  it('drops a date whose only open time is the current one', () => {
    const times = rescheduleTimes([slot('2026-11-30', '10:00', 2)], booking);
    expect(times.size).toBe(0);
  });

  it('uses place 0 for an online booking', () => {
    const online = { ...booking, location_id: 0 };
    const times = rescheduleTimes([slot('2026-12-01', '09:00', 0), slot('2026-12-01', '10:00', 2)], online);
    expect([...(times.get('2026-12-01')?.keys() ?? [])]).toEqual(['09:00:00']);
  });
});

describe('what the page says instead of the actions', () => {
  it('offers the actions while the booking can change', () => {
    expect(noActionText(view({}), words)).toBeNull();
  });

  it('explains the notice window with the server’s hours', () => {
    expect(noActionText(view({ can_change: false, notice_hours: 48 }), words)).toBe(
      'This session is less than 48 hours away, so it can no longer be changed here. Late cancellations are charged in full (see the terms).',
    );
  });

  it('names the cancelled, awaiting-payment and moved states', () => {
    expect(noActionText(view({ status: 'cancelled', can_change: false }), words)).toBe(
      'This booking is cancelled.',
    );
    expect(noActionText(view({ status: 'awaiting_payment' }), words)).toBe(
      'This booking is awaiting payment.',
    );
    expect(noActionText(view({ status: 'moved', can_change: false }), words)).toBe(
      'This booking was moved. It is now on Mon, Nov 30, 2026 at 10:00 AM. Use the link in your latest e-mail to manage it.',
    );
  });
});

describe('the refund line of the cancel dialog', () => {
  it('promises a full refund of an online payment only', () => {
    expect(refundText({ paid_online: true, amount: 1500 }, words)).toBe(
      'The ₹1,500 you paid will be refunded in full.',
    );
    expect(refundText({ paid_online: false, amount: 1500 }, words)).toBeNull();
  });
});

describe('the same lines in Hindi (issue 15)', () => {
  const hindiWords = wordsIn('hi', hindiManage);

  it('puts the Hindi date and time into one message, digits Latin', () => {
    expect(noActionText(view({ status: 'moved', can_change: false }), hindiWords)).toContain(
      'सोम, 30 नव॰ 2026 को सुबह 10:00',
    );
    expect(noActionText(view({ can_change: false, notice_hours: 48 }), hindiWords)).toContain('48 घंटे');
    expect(refundText({ paid_online: true, amount: 1500 }, hindiWords)).toContain('₹1,500');
  });
});
