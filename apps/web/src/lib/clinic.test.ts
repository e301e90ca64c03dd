import { describe, expect, it } from 'vitest';
import { CLINIC_TIME_ZONE, clinicTimeZoneOf, DEFAULT_CLINIC_TIME_ZONE } from './clinic';

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
    expect(CLINIC_TIME_ZONE).toBe('Asia/Kolkata');
  });
});
