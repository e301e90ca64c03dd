import type { PaymentReport } from '@therapy/shared/report-schemas';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineBooking, openDate } from './support/admin-data.ts';
import { launchChromium, PHONE } from './support/browser.ts';
import { adminFetch } from './support/report-data.ts';
import { openSignedIn } from './support/report-screens.ts';

// Fatima Sheikh: in person at location 2, 09:00 to 19:00; a late slot other tests leave alone.
const FATIMA_SHEIKH = 5;
const EAST_BRANCH = 2;
const CLIENT = { email: 'privacy.client@example.com', mobile: '9811122233' };

/** The collected payments of the session's day (other browser files may add theirs meanwhile). */
const incomeOn = (date: string) =>
  adminFetch<PaymentReport>(`/api/admin/income?from=${date}&to=${date}&limit=100`);
const paymentKey = (payment: PaymentReport['payments'][number]) =>
  JSON.stringify([payment.payment_transaction_id, payment.amount, payment.client_phone, payment.client_name]);

describe('the privacy desk, as a superadmin uses it', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  it('finds a client, corrects their mobile, erases them, and income stays the same', async () => {
    const date = await openDate(12, {
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      starts: ['18:00'],
    });
    const id = await createOfflineBooking({
      therapistId: FATIMA_SHEIKH,
      locationId: EAST_BRANCH,
      date,
      start: '18:00',
      name: 'Priya Privacy',
      ...CLIENT,
    });
    const before = await incomeOn(date);
    expect(before.next_cursor).toBeNull();

    const { context, page, errors } = await openSignedIn(browser, '/admin/privacy', { viewport: PHONE });
    await page.getByRole('heading', { level: 1, name: 'Privacy Desk' }).waitFor();
    // The client writes in asking to be erased: the request is recorded, due within 90 days.
    const record = page.getByRole('form', { name: 'Record a new request' });
    await record.getByLabel('The client asks to').selectOption('erase');
    await record.getByLabel('Client’s e-mail or mobile number').fill(CLIENT.email);
    await record.getByRole('button', { name: 'Record request' }).click();
    await page.getByText(/^Request \d+ recorded; due by /).waitFor();
    const open = page.getByRole('table', { name: 'Open requests' });
    await open.getByRole('cell', { name: 'p***@example.com' }).waitFor();
    await page.getByLabel('Client’s e-mail or mobile number').first().fill(CLIENT.email);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const held = page.getByRole('region', { name: 'Held about Priya Privacy' });
    await held.waitFor();
    await held.getByText(/^Request \d+: erasure, due by /).waitFor();
    expect(await held.getByRole('row').count()).toBe(2);
    expect(await held.getByRole('cell', { name: CLIENT.mobile }).count()).toBe(1);

    // A session still to come cannot be erased: the desk says why.
    await held.getByRole('button', { name: 'Erase client' }).click();
    await page.getByRole('dialog', { name: 'Erase client' }).getByRole('button', { name: 'Erase' }).click();
    await page.getByText(/upcoming session/).waitFor();

    await held.getByLabel('Mobile number').fill('+91 98111 99999');
    await held.getByRole('button', { name: 'Correct on every booking' }).click();
    await page.getByText('Corrected 1 booking(s).').waitFor();
    await page
      .getByRole('region', { name: 'Held about Priya Privacy' })
      .getByRole('cell', { name: '9811199999' })
      .waitFor();

    // Cancelled, the booking can be erased.
    await adminFetch(`/api/admin/bookings/${id}/cancel`, { method: 'POST', json: {} });
    await page.getByLabel('Client’s e-mail or mobile number').first().fill(CLIENT.email);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const again = page.getByRole('region', { name: 'Held about Priya Privacy' });
    await again.getByRole('button', { name: 'Erase client' }).click();
    await page.getByRole('dialog', { name: 'Erase client' }).getByRole('button', { name: 'Erase' }).click();
    await page.getByText('Erased the client’s data from 1 booking(s).').waitFor();
    // The erasure answered the recorded request.
    await page.getByText('No request is waiting for an answer.').waitFor();
    const erased = page.getByRole('region', { name: 'Nothing held' });
    await erased.waitFor();
    await erased.getByText(/^Erased on .*\(1 booking\(s\), request \d+\)\.$/).waitFor();

    // The erasure took no collected payment away and changed none (the server is shared: other
    // files' payments on that day may have been added meanwhile).
    const after = await incomeOn(date);
    expect(after.payments.map(paymentKey)).toEqual(expect.arrayContaining(before.payments.map(paymentKey)));
    expect(after.total_amount).toBeGreaterThanOrEqual(before.total_amount);
    expect(errors).toEqual([]);
    await context.close();
  });
});
