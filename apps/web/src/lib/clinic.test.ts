import { describe, expect, it } from 'vitest';
import {
  clinicNameOf,
  clinicPhoneOf,
  clinicTimeZone,
  clinicTimeZoneOf,
  DEFAULT_CLINIC_TIME_ZONE,
  DEFAULT_NOTICE_HOURS,
  readClinic,
  telHref,
} from './clinic';

/** A page whose head holds the given clinic-time-zone meta (or none). */
function pageWith(content: string | undefined) {
  return {
    querySelector(selector: string) {
      expect(selector).toBe('meta[name="clinic-time-zone"]');
      return content === undefined ? null : { content };
    },
  } as unknown as Pick<Document, 'querySelector'>;
}

describe('clinicTimeZoneOf', () => {
  it('takes the zone the server put into the page', () => {
    expect(clinicTimeZoneOf(pageWith('Etc/GMT+12'))).toBe('Etc/GMT+12');
    expect(clinicTimeZoneOf(pageWith(' America/St_Johns '))).toBe('America/St_Johns');
  });

  it('falls back to India Standard Time without a meta, an empty one or an unknown zone', () => {
    expect(DEFAULT_CLINIC_TIME_ZONE).toBe('Asia/Kolkata');
    expect(clinicTimeZoneOf(undefined)).toBe('Asia/Kolkata');
    expect(clinicTimeZoneOf(pageWith(undefined))).toBe('Asia/Kolkata');
    expect(clinicTimeZoneOf(pageWith(''))).toBe('Asia/Kolkata');
    expect(clinicTimeZoneOf(pageWith('Mars/Olympus_Mons'))).toBe('Asia/Kolkata');
  });

  it('is the default outside a browser (no document)', () => {
    expect(clinicTimeZone()).toBe('Asia/Kolkata');
  });
});

describe('the clinic’s name and phone', () => {
  const pageNamed = (content: string | undefined) =>
    ({
      querySelector: (selector: string) =>
        selector === 'meta[name="clinic-name"]' && content !== undefined ? { content } : null,
    }) as unknown as Pick<Document, 'querySelector'>;

  it('reads the name the server put into the page, or none', () => {
    expect(clinicNameOf(pageNamed(' Calm Minds '))).toBe('Calm Minds');
    expect(clinicNameOf(pageNamed(undefined))).toBe('');
    expect(clinicNameOf(undefined)).toBe('');
  });

  it('shows no number until a phone is saved, and dials the digits', () => {
    const profile = { name: '', phone: '', email: '', address: '', privacy_contact: '', updated_at: null };
    expect(clinicPhoneOf(profile)).toBe('');
    expect(clinicPhoneOf({ ...profile, phone: '+91 98765 43210' })).toBe('+91 98765 43210');
    expect(telHref('+91 22 4000 0000')).toBe('tel:+912240000000');
  });
});

describe('readClinic', () => {
  it('keeps whether WhatsApp is offered and the notice hours the server sent', () => {
    const clinic = readClinic({ name: 'Calm Minds', whatsapp_enabled: true, cancellation_notice_hours: 48 });
    expect(clinic.name).toBe('Calm Minds');
    expect(clinic.whatsapp_enabled).toBe(true);
    expect(clinic.cancellation_notice_hours).toBe(48);
  });

  it('offers no WhatsApp and the default 24 hours when the answer lacks them or is odd', () => {
    for (const answer of [undefined, {}, { whatsapp_enabled: 'yes', cancellation_notice_hours: -1 }]) {
      const clinic = readClinic(answer);
      expect(clinic.whatsapp_enabled).toBe(false);
      expect(clinic.cancellation_notice_hours).toBe(DEFAULT_NOTICE_HOURS);
    }
    expect(DEFAULT_NOTICE_HOURS).toBe(24);
  });
});
