import { addDays } from '@therapy/shared/clinic-time';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { JobRow } from '../features/jobs/job-kinds.ts';
import { PAID_AT_CENTRE_REFUND } from '../features/payments/payment-lookup.ts';
import { bearer, createAdminUser, signIn } from './admin-test-kit.ts';
import { reactToBookingEvents } from './booking-events-kit.ts';
import { offlineBooking } from './booking-fixtures.ts';
import { recordingNotificationHandlers } from './message-kit.ts';
import type { TestDatabase } from './test-database.ts';

/*
 * The story of paid-twice.test.ts, for either provider: an in-person booking's payment link paid
 * after the desk recorded a centre payment, then refunded by a superadmin (decision 024).
 */

// Razorpay checks expire_by against its own clock, so these tests run on the real one.
export const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

export type Harness = {
  db: TestDatabase;
  app: FastifyInstance;
  /** Pays the link at the provider and lets the server hear of it (webhook or status page). */
  payLink: (linkId: string, shortUrl: string) => Promise<string>;
  /** The amounts the provider refunded for this payment. */
  refundedAt: (paymentId: string) => Promise<number[]>;
};

/** The e-mail a job of this kind sends for the booking. */
export async function render(
  kind: 'email.refund_needed' | 'email.refund_issued',
  db: TestDatabase,
  bookingId: number,
) {
  const { sent, handlers } = recordingNotificationHandlers(db, 'https://book.example.in');
  await handlers[kind]!({ booking_id: bookingId }, {} as JobRow);
  expect(sent).toHaveLength(1);
  return sent[0]!;
}

const IN_PERSON = offlineBooking();

/**
 * The first date from `near` on (else the last before it) on which the fixture's in-person
 * session is open: the demo therapist works Monday to Friday and these tests run on the real clock.
 */
export async function openInPersonDate(app: FastifyInstance, near: string): Promise<string> {
  const answer = await app.inject({ url: `/api/open-slots?therapist_id=${IN_PERSON.therapist_id}` });
  expect(answer.statusCode, answer.body).toBe(200);
  const dates = (answer.json() as { date: string; start_time: string; location_id: number }[])
    .filter((slot) => slot.start_time === IN_PERSON.booking_time_slot_start)
    .filter((slot) => slot.location_id === IN_PERSON.location_id)
    .map((slot) => slot.date);
  const date = dates.find((open) => open >= near) ?? dates.at(-1);
  if (!date) throw new Error('no open in-person session in the booking window');
  return date;
}

/**
 * An in-person booking on `date` (POST /api/bookings) and the payment link an admin shares for it
 * (POST /api/create-shareable-payment-link), as the front desk would send one.
 */
export async function bookInPersonWithSharedLink(
  app: FastifyInstance,
  date: string,
  admin: Record<string, string>,
) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/bookings',
    payload: offlineBooking({ booking_date: date }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const bookingId = created.json().booking_id as number;
  const link = await app.inject({
    method: 'POST',
    url: '/api/create-shareable-payment-link',
    headers: admin,
    payload: { booking_id: bookingId },
  });
  expect(link.statusCode, link.body).toBe(200);
  const { payment_link_id: linkId, payment_link_url: shortUrl } = link.json() as {
    payment_link_id: string;
    payment_link_url: string;
  };
  return { bookingId, linkId, shortUrl };
}

/** The whole story, on one booking of its own day; `day` keeps the tests apart. */
export async function payTwiceThenRefund(h: Harness, day: number) {
  const { db, app } = h;
  await createAdminUser(db, `staff${day}@example.com`);
  await createAdminUser(db, `boss${day}@example.com`, { superadmin: true });
  const staff = bearer(await signIn(app, `staff${day}@example.com`));
  const boss = bearer(await signIn(app, `boss${day}@example.com`));
  const date = await openInPersonDate(app, addDays(today, day));
  const income = async () =>
    (await app.inject({ url: `/api/admin/income?from=${date}&to=${date}`, headers: boss })).json();
  const inventory = async () =>
    (await app.inject({ url: `/api/admin/reports/inventory?from=${date}&to=${date}`, headers: boss })).json()
      .total_amount;
  const row = async (id: number) =>
    (
      await db.query<{ payment_status: string; cancelled: boolean; needs_refund: boolean }>(
        'SELECT payment_status, cancelled, needs_refund FROM bookings WHERE id = $1',
        [id],
      )
    ).rows[0];
  const adminView = async (id: number) =>
    (await app.inject({ url: `/api/admin/bookings/${id}`, headers: staff })).json();

  const { bookingId, linkId, shortUrl } = await bookInPersonWithSharedLink(app, date, staff);

  // The desk takes ₹900 in cash (a discount on the ₹1,000 booking).
  const cash = await app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${bookingId}/payments`,
    headers: staff,
    payload: { method: 'cash', amount: 900 },
  });
  expect(cash.statusCode, cash.body).toBe(200);
  const centrePaymentId = cash.json().payment.payment_id;
  const counted = { total_amount: 900 };
  expect(await income()).toMatchObject(counted);
  expect(await inventory()).toBe(900);

  // The client pays the link as well: ₹1,000 online.
  const paymentId = await h.payLink(linkId, shortUrl);
  expect(await row(bookingId)).toEqual({ payment_status: 'COMPLETED', cancelled: false, needs_refund: true });
  const payments = await db.query<{ id: string; amount_paise: number; status: string }>(
    'SELECT id, amount_paise, status FROM payments WHERE booking_id = $1',
    [bookingId],
  );
  expect(payments.rows).toEqual([{ id: paymentId, amount_paise: 100_000, status: 'captured' }]);
  await reactToBookingEvents(db);
  const mails = await db.query(
    "SELECT 1 FROM jobs WHERE kind = 'email.refund_needed' AND payload->>'booking_id' = $1",
    [String(bookingId)],
  );
  expect(mails.rows).toHaveLength(1);
  const clinicMail = await render('email.refund_needed', db, bookingId);
  expect(clinicMail.text).toContain('the client paid twice. The session stays booked.');
  expect(await adminView(bookingId)).toMatchObject({
    payment_status: 'COMPLETED',
    needs_refund: true,
    refund_status: null,
    refund_amount: 1000,
    centre_payment_id: centrePaymentId,
    centre_payment_method: 'cash',
  });
  const page = await app.inject(`/api/get-razorpay-details/${linkId}`);
  expect(page.json()).toMatchObject({ status: 'failed', message: PAID_AT_CENTRE_REFUND });
  // Income still counts the centre payment only, under its own id.
  const afterPayment = await income();
  expect(afterPayment).toMatchObject(counted);
  expect(afterPayment.payments).toEqual([
    expect.objectContaining({
      amount: 900,
      payment_transaction_id: expect.stringMatching(/^C-\d+ \(CASH\)$/),
    }),
  ]);
  expect(await inventory()).toBe(900);
  // Undoing the centre payment would leave the online one both booked and due back: refused.
  const undo = await app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${bookingId}/payments/${centrePaymentId}/void`,
    headers: boss,
  });
  expect(undo.statusCode).toBe(409);

  const refund = await app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${bookingId}/refund`,
    headers: boss,
  });
  expect(refund.statusCode, refund.body).toBe(200);
  expect(refund.json()).toMatchObject({ booking_id: bookingId, amount: 1000 });
  expect(await h.refundedAt(paymentId)).toEqual([100_000]);
  expect(await row(bookingId)).toEqual({
    payment_status: 'COMPLETED',
    cancelled: false,
    needs_refund: false,
  });
  expect(await adminView(bookingId)).toMatchObject({
    needs_refund: false,
    refund_status: 'processed',
    centre_payment_id: centrePaymentId,
  });
  expect(await income()).toMatchObject(counted);
  expect(await inventory()).toBe(900);
  // Refunded or not, the online payment happened: the centre payment stands for good (a PENDING
  // booking with a paid link, or a refund failing later with nothing to mark due, would follow).
  const undoAfterRefund = await app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${bookingId}/payments/${centrePaymentId}/void`,
    headers: boss,
  });
  expect(undoAfterRefund.statusCode).toBe(409);
  expect(undoAfterRefund.json().detail).toBe(
    `Booking ${bookingId} was also paid online: its payment at the centre can no longer be undone.`,
  );
  const clientMail = await render('email.refund_issued', db, bookingId);
  expect(clientMail.text).toContain(
    `We have refunded the ₹1,000.00 you paid online for your booking ${bookingId}: it had already been paid at the centre. Your session stays booked.`,
  );
  // A reload of the status page changes nothing and still explains.
  const reload = await app.inject(`/api/get-razorpay-details/${linkId}`);
  expect(reload.json()).toMatchObject({ status: 'failed', message: PAID_AT_CENTRE_REFUND });
  expect(await row(bookingId)).toEqual({
    payment_status: 'COMPLETED',
    cancelled: false,
    needs_refund: false,
  });
  return { bookingId };
}
