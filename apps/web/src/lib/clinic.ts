/**
 * The clinic's time zone: "today", the booking window and slot times are reckoned in it, in
 * whatever zone the browser is. The server puts its CLINIC_TIMEZONE into the page as
 * <meta name="clinic-time-zone" content="…"> (apps/server/src/http/web-app.ts; the Vite dev
 * server too, from the same variable); without one (or with a zone this browser does not know)
 * it is the default, India Standard Time.
 */
export const DEFAULT_CLINIC_TIME_ZONE = 'Asia/Kolkata';

type PageHead = Pick<Document, 'querySelector'>;

/** The zone named by the page's clinic-time-zone meta, or the default. */
export function clinicTimeZoneOf(page: PageHead | undefined): string {
  const named = page?.querySelector<HTMLMetaElement>('meta[name="clinic-time-zone"]')?.content.trim();
  if (!named) return DEFAULT_CLINIC_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: named });
    return named;
  } catch {
    return DEFAULT_CLINIC_TIME_ZONE;
  }
}

/** Read once, when the app loads: the server's zone does not change while the page is open. */
export const CLINIC_TIME_ZONE = clinicTimeZoneOf(typeof document === 'undefined' ? undefined : document);

// The specification fixes a centre phone number on the location cards but not its value.
export const CENTRE_PHONE = '+91 22 4000 0000';
