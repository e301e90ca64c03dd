import { createOfflineBooking } from './admin-data.ts';
import { loginThroughApi } from './admin-session.ts';
import { serverUrl } from './server.ts';

/** Data for the report screens, made through the public and admin calls as people would. */

let token: Promise<string> | undefined;

export async function adminFetch<T>(
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<T> {
  token ??= loginThroughApi().then((login) => login.access_token);
  const headers: Record<string, string> = { authorization: `Bearer ${await token}` };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${serverUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? null : JSON.stringify(init.json),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

type Payment = {
  amount: number;
  payment_transaction_id: string | null;
  client_name: string | null;
  booking_date: string;
};
export type PaymentReport = {
  total_amount: number;
  total_count: number;
  payments: Payment[];
  limit: number;
  next_cursor: string | null;
};
export type EodReport = {
  report_date: string;
  total_bookings_today: number;
  completed_bookings_today: number;
  cancelled_bookings_today: number;
  total_income_today: number;
  details: { booking_id: number; payment_status: string; cancelled: boolean; amount: number }[];
};
export type MonthlyReport = {
  therapist_performance: {
    therapist_id: number;
    therapist_name: string;
    total_sessions: number;
    completed_sessions: number;
    missed_or_cancelled_sessions: number;
    total_income: number;
  }[];
};

export const fetchInventory = () => adminFetch<PaymentReport>('/api/admin/reports/inventory');
export const fetchIncome = () => adminFetch<PaymentReport>('/api/admin/income');
export const fetchEod = (date: string) => adminFetch<EodReport>(`/api/admin/reports/eod?report_date=${date}`);
export const fetchMonthly = (year: number, month: number) =>
  adminFetch<MonthlyReport>(`/api/admin/reports/therapist-monthly?year=${year}&month=${month}`);

const CLIENT = { email: 'e2e.reports@example.com', mobile: '9811122233' };

/**
 * An online booking paid on the sandbox payment page, then looked up as the status page does
 * (which confirms it). Returns the booking id and the provider's payment id.
 */
export async function createPaidOnlineBooking(booking: {
  therapistId: number;
  date: string;
  start: string;
  name: string;
}): Promise<{ id: number; paymentId: string }> {
  const baseUrl = serverUrl();
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const created = await post('/api/bookings', {
    therapist_id: booking.therapistId,
    booking_date: booking.date,
    booking_time_slot_start: booking.start,
    client_full_name: booking.name,
    client_email: CLIENT.email,
    client_mobile: CLIENT.mobile,
    client_note: null,
    terms_accepted: true,
    booking_type: 'ONLINE',
    location_id: 0,
    client_age: 30,
    client_session_type: 'individual',
    client_state: 'Maharashtra',
    client_city: 'Mumbai',
  });
  if (created.status !== 201) throw new Error(`booking failed: ${created.status} ${await created.text()}`);
  const { booking_id: id } = (await created.json()) as { booking_id: number };

  const linked = await post('/api/payment/generate-link', { booking_id: id, customer_email: CLIENT.email });
  if (!linked.ok) throw new Error(`payment link failed: ${linked.status} ${await linked.text()}`);
  const { payment_link_id: linkId } = (await linked.json()) as { payment_link_id: string };

  const paid = await fetch(`${baseUrl}/sandbox/pay/${linkId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=paid',
    redirect: 'manual',
  });
  const callback = new URL(paid.headers.get('location') ?? '', baseUrl);
  const paymentId = callback.searchParams.get('razorpay_payment_id');
  if (!paymentId) throw new Error(`sandbox payment failed: ${paid.status}`);

  const lookUp = await fetch(`${baseUrl}/api/get-razorpay-details/${linkId}?payment_status=paid`);
  const details = (await lookUp.json()) as { status: string };
  if (details.status !== 'confirmed') throw new Error(`payment not confirmed: ${JSON.stringify(details)}`);
  return { id, paymentId };
}

/** An in-person booking (PENDING), cancelled by an admin when `cancel` is set. */
export async function createInPersonBooking(
  booking: { therapistId: number; locationId: number; date: string; start: string; name: string },
  cancel = false,
): Promise<number> {
  const id = await createOfflineBooking(booking);
  if (cancel) await adminFetch(`/api/admin/bookings/${id}/cancel`, { method: 'POST' });
  return id;
}

/** A manual online booking: paid (COMPLETED) at once, so it counts as income. */
export async function createManualPaidBooking(booking: {
  therapistId: number;
  date: string;
  start: string;
  name: string;
  amount: number;
}): Promise<number> {
  const result = await adminFetch<{ booking_id: number }>('/api/admin/bookings', {
    method: 'POST',
    json: {
      therapist_id: booking.therapistId,
      booking_date: booking.date,
      booking_time_slot_start: booking.start,
      client_full_name: booking.name,
      client_email: CLIENT.email,
      client_mobile: CLIENT.mobile,
      client_note: null,
      booking_type: 'ONLINE',
      location_id: 0,
      amount: booking.amount,
    },
  });
  return result.booking_id;
}

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** As the admin screens show amounts: '₹1,500.00'. */
export const formatRupees = (amount: number) => rupees.format(amount);
