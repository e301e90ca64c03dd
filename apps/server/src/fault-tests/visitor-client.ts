import type { BookingPayload } from '@therapy/shared/booking-schemas';
import type { Therapist } from '@therapy/shared/catalog-schemas';
import { zonedNow } from '@therapy/shared/clinic-time';
import type { SessionSlot } from '@therapy/shared/open-slots';
import { offlineBooking, onlineBooking } from '../test/booking-fixtures.ts';
import { getJson } from './fault-kit.ts';

/**
 * What a visitor's browser does, over real HTTP against a server process: find a free slot,
 * book it, pay on the sandbox page and look the payment up on the status page.
 */

const CLINIC_TIME_ZONE = 'Asia/Kolkata';

export type OpenSlot = {
  therapistId: number;
  /** null for an online session */
  locationId: number | null;
  date: string;
  /** 'HH:MM' */
  start: string;
};

export type Answer = { status: number; body: Record<string, unknown> };

/**
 * Every free slot from tomorrow on, as the wizard reads them (GET /api/open-slots). Today is
 * left out so that no slot passes while a test runs.
 */
export async function listOpenSlots(baseUrl: string): Promise<OpenSlot[]> {
  const therapists = await getJson<Pick<Therapist, 'id' | 'type' | 'locations'>[]>(baseUrl, '/therapists');
  const today = zonedNow(CLINIC_TIME_ZONE).date;
  const open: OpenSlot[] = [];
  for (const therapist of therapists) {
    const slots = await getJson<SessionSlot[]>(baseUrl, `/api/open-slots?therapist_id=${therapist.id}`);
    for (const slot of slots) {
      if (slot.date === today) continue;
      open.push({
        therapistId: therapist.id,
        locationId: slot.location_id === 0 ? null : slot.location_id,
        date: slot.date,
        start: slot.start_time,
      });
    }
  }
  return open;
}

async function send(baseUrl: string, path: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual', ...init });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, body: { ...body, location: response.headers.get('location') } };
}

export function postJson(baseUrl: string, path: string, payload: unknown): Promise<Answer> {
  return send(baseUrl, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
}

/** POST /api/bookings, online or in person as the slot's therapist offers; `extra` fields over the fixture's. */
export function bookSlot(
  baseUrl: string,
  slot: OpenSlot,
  email: string,
  extra: Partial<BookingPayload> = {},
): Promise<Answer> {
  const change = {
    ...extra,
    therapist_id: slot.therapistId,
    booking_date: slot.date,
    booking_time_slot_start: slot.start,
    client_email: email,
  };
  const payload =
    slot.locationId === null
      ? onlineBooking(change)
      : offlineBooking({ ...change, location_id: slot.locationId });
  return postJson(baseUrl, '/api/bookings', payload);
}

/**
 * The payment link of an online booking, paid on the sandbox page. Resolves with the query of
 * the signed redirect to the status page, as the visitor's browser would follow it.
 */
export async function payOnSandbox(
  baseUrl: string,
  bookingId: number,
  email: string,
): Promise<URLSearchParams> {
  const link = await postJson(baseUrl, '/api/payment/generate-link', {
    booking_id: bookingId,
    amount: 1,
    customer_email: email,
  });
  if (link.status !== 200) throw new Error(`payment link: ${link.status} ${JSON.stringify(link.body)}`);
  const paid = await send(baseUrl, `/sandbox/pay/${link.body.payment_link_id as string}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=paid',
  });
  if (paid.status !== 303) throw new Error(`sandbox payment: ${paid.status}`);
  return new URL(paid.body.location as string).searchParams;
}

/** The status page's look-up after the provider's redirect (GET /api/get-razorpay-details). */
export function lookUpPayment(baseUrl: string, redirect: URLSearchParams): Promise<Answer> {
  const query = new URLSearchParams({
    payment_status: redirect.get('razorpay_payment_link_status') ?? '',
    razorpay_payment_id: redirect.get('razorpay_payment_id') ?? '',
    razorpay_payment_link_reference_id: redirect.get('razorpay_payment_link_reference_id') ?? '',
    razorpay_signature: redirect.get('razorpay_signature') ?? '',
  });
  return send(baseUrl, `/api/get-razorpay-details/${redirect.get('razorpay_payment_link_id')}?${query}`, {});
}
