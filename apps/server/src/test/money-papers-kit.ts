import type { FastifyInstance } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { currentManageToken, deriveManageLinkKey } from '../features/bookings/manage-token.ts';
import { bearer, createAdminUser, insertClientBooking, JWT_SECRET, NOW, signIn } from './admin-test-kit.ts';
import { createDemoTestApp } from './test-app.ts';
import type { Backend } from './test-database.ts';

/** The clinic's tax details in the money papers' tests: a registered clinic in Maharashtra. */
export const TAX_DETAILS = {
  legal_name: 'Calm Minds Health LLP',
  gstin: '27AAPFU0939F1ZV',
  state: 'Maharashtra',
  receipt_prefix: 'R',
  credit_note_prefix: 'C',
};

/** A PDF's text, as a reader's text extraction gives it (pdf.js through unpdf). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The demo clinic on a fixed clock (2026-11-22, financial year 2026-27) with its tax details set. */
export async function startMoneyPapers(backend: Backend) {
  const testApp = await createDemoTestApp(backend, {
    now: () => NOW,
    env: { JWT_SECRET, PUBLIC_URL: 'http://book.test' },
  });
  const { db, app } = testApp;
  await createAdminUser(db, 'staff@example.com');
  await createAdminUser(db, 'boss@example.com', { superadmin: true });
  const staff = await signIn(app, 'staff@example.com');
  const boss = await signIn(app, 'boss@example.com');
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, token = boss) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const profile = (await send('GET', '/api/admin/clinic')).json();
  const { updated_at: _at, ...fields } = profile;
  const saved = await send('PUT', '/api/admin/clinic', { ...fields, ...TAX_DETAILS });
  if (saved.statusCode !== 200) throw new Error(`clinic profile: ${saved.body}`);

  /** An in-person booking waiting for its payment at the centre (service 1, therapist 1). */
  const inPerson = async (
    bookingDate: string,
    change: { clientState?: string; amountPaise?: number } = {},
  ) => {
    const booking = await insertClientBooking(db, {
      therapistId: 1,
      bookingDate,
      startTime: '10:00',
      bookingType: 'OFFLINE',
      paymentStatus: 'PENDING',
      locationId: 1,
      amountPaise: change.amountPaise ?? 150_000,
    });
    await db.query('UPDATE bookings SET client_state = $2 WHERE id = $1', [
      booking.id,
      change.clientState ?? 'Maharashtra',
    ]);
    return booking.id;
  };
  const payAtCentre = (bookingId: number, amount?: number) =>
    send(
      'POST',
      `/api/admin/bookings/${bookingId}/payments`,
      { method: 'cash', ...(amount ? { amount } : {}) },
      staff,
    );
  const receiptsOf = async (bookingId: number) =>
    (await send('GET', `/api/admin/bookings/${bookingId}/receipts`, undefined, staff)).json();
  const pdfOf = async (url: string) => {
    const response = await app.inject({ url, headers: bearer(staff) });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return pdfText(response.rawPayload);
  };
  const manageToken = (bookingId: number) =>
    currentManageToken(db, deriveManageLinkKey(JWT_SECRET), bookingId);
  return { ...testApp, staff, boss, send, inPerson, payAtCentre, receiptsOf, pdfOf, manageToken };
}

export type MoneyPapersKit = Awaited<ReturnType<typeof startMoneyPapers>>;

/** Pays an online booking's link through the sandbox's page and confirms it as the status page does. */
export async function payOnline(app: FastifyInstance, link: { linkId: string; shortUrl: string }) {
  const paid = await app.inject({
    method: 'POST',
    url: new URL(link.shortUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=paid',
  });
  const paymentId = new URL(paid.headers.location as string).searchParams.get('razorpay_payment_id');
  const status = (await app.inject(`/api/get-razorpay-details/${link.linkId}`)).json().status;
  return { paymentId, status };
}
