import type { ClinicContact, ClinicProfile, PublicClinic } from '@therapy/shared/clinic-schemas';
import { getJson } from './api-client';
import { PRODUCT_NAME } from './site';
import { prefetch, replaceCached, useFetch } from './use-fetch';

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

let pageZone: string | undefined;

/**
 * The page's clinic zone, read on first use: the server's zone does not change while the page is
 * open. Not when the app loads: a browser's first Intl formatter with a time zone loads its zone
 * data, tens of milliseconds on a phone, and the first step shows no date (issue 30).
 */
export function clinicTimeZone(): string {
  pageZone ??= clinicTimeZoneOf(typeof document === 'undefined' ? undefined : document);
  return pageZone;
}

/**
 * The clinic's profile (GET /api/clinic): its name, phone, e-mail, address and privacy contact,
 * saved by a superadmin, with two settings of the server: whether WhatsApp messages are offered
 * and how many hours before a session a client may still change it. Loaded once per visit and
 * shared by the header, footer, location cards, legal pages, details step and status page; while
 * it loads, fails, or when nothing was saved, they show the placeholders (and no WhatsApp box).
 * Only a type comes from the shared schemas: the first screen does not bring zod with it.
 */
export type { ClinicProfile, PublicClinic };

const CLINIC_PROFILE_KEY = 'clinic-profile';
/** CANCELLATION_NOTICE_HOURS' default, shown until the server's own number has loaded. */
export const DEFAULT_NOTICE_HOURS = 24;
/** RETENTION_MONTHS' default, shown until the server's own number has loaded. */
export const DEFAULT_RETENTION_MONTHS = 36;
const NO_PROFILE: PublicClinic = {
  name: '',
  phone: '',
  email: '',
  address: '',
  privacy_contact: '',
  updated_at: null,
  whatsapp_enabled: false,
  cancellation_notice_hours: DEFAULT_NOTICE_HOURS,
  retention_months: DEFAULT_RETENTION_MONTHS,
};

/** The answer's fields, each text '' unless the server sent a string, the settings their defaults. */
export function readClinic(answer: unknown): PublicClinic {
  const fields = (answer && typeof answer === 'object' ? answer : {}) as Record<string, unknown>;
  const text = (name: keyof ClinicContact) =>
    typeof fields[name] === 'string' ? (fields[name] as string) : '';
  const hours = fields.cancellation_notice_hours;
  const months = fields.retention_months;
  return {
    name: text('name'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    privacy_contact: text('privacy_contact'),
    updated_at: typeof fields.updated_at === 'string' ? fields.updated_at : null,
    whatsapp_enabled: fields.whatsapp_enabled === true,
    cancellation_notice_hours:
      typeof hours === 'number' && Number.isInteger(hours) && hours >= 0 ? hours : DEFAULT_NOTICE_HOURS,
    retention_months:
      typeof months === 'number' && Number.isInteger(months) && months > 0
        ? months
        : DEFAULT_RETENTION_MONTHS,
  };
}

export const loadClinicProfile = async (): Promise<PublicClinic> => readClinic(await getJson('/api/clinic'));

/**
 * After a superadmin saves the profile, the public pages of this visit show the new one; the
 * server's settings (WhatsApp, notice hours) are not part of the profile and stay as loaded.
 */
export async function rememberClinicProfile(profile: ClinicProfile): Promise<void> {
  const settings = await prefetch(CLINIC_PROFILE_KEY, loadClinicProfile).catch(() => NO_PROFILE);
  replaceCached(CLINIC_PROFILE_KEY, {
    ...profile,
    whatsapp_enabled: settings.whatsapp_enabled,
    cancellation_notice_hours: settings.cancellation_notice_hours,
    retention_months: settings.retention_months,
  });
}

/** The saved profile, or every field '' until it has loaded (or when it cannot load). */
export function useClinicProfile(): PublicClinic {
  return useFetch(CLINIC_PROFILE_KEY, loadClinicProfile, { cached: true }).data ?? NO_PROFILE;
}

/** The clinic's name as the server put it into the page (<meta name="clinic-name">), or ''. */
export function clinicNameOf(page: PageHead | undefined): string {
  return page?.querySelector<HTMLMetaElement>('meta[name="clinic-name"]')?.content.trim() ?? '';
}

const NAME_IN_PAGE = clinicNameOf(typeof document === 'undefined' ? undefined : document);

/** The name the site shows: the saved one (from the page at once, then the profile), else the product's. */
export function useClinicName(): string {
  return useClinicProfile().name || NAME_IN_PAGE || PRODUCT_NAME;
}

/**
 * The phone the location cards and help texts show (the specification's one centre phone
 * number): the clinic's, or '' until one is saved, when they show none rather than a made-up one.
 */
export function clinicPhoneOf(profile: ClinicContact): string {
  return profile.phone;
}

/** A `tel:` link for a shown phone number. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
