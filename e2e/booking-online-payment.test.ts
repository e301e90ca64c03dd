import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goToConfirmation, openPage, readDraft, waitForStep } from './support/booking-wizard.ts';
import { DESKTOP, launchChromium, PHONE } from './support/browser.ts';
import { serverUrl } from './support/server.ts';

/** The redirect's parameters, as Razorpay sends them after a payment link is paid or fails. */
const RAZORPAY_PARAMS = {
  razorpay_payment_id: /^pay_\w+$/,
  razorpay_payment_link_id: /^plink_\w+$/,
  /** The booking's id. */
  razorpay_payment_link_reference_id: /^\d+$/,
  /** 'paid', or 'cancelled' when the payment failed (the link's status, as Razorpay names it). */
  razorpay_payment_link_status: /^(paid|cancelled)$/,
  /** HMAC-SHA256 in hex. */
  razorpay_signature: /^[0-9a-f]{64}$/,
};

/** The online flow through the server's sandbox payment page (PAYMENT_PROVIDER=sandbox). */
describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('online booking and payment on a %s', (_name, viewport) => {
  const baseUrl = serverUrl();
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  /** Pays or fails on the sandbox payment page; returns once back on the status page. */
  async function payOrFail(page: Page, outcome: 'pay' | 'fail') {
    const pay = page.getByRole('button', { name: /^Pay ₹/ });
    await pay.waitFor();
    if (outcome === 'pay') await pay.click();
    else await page.getByRole('button', { name: 'Fail payment' }).click();
    await page.waitForURL(/\/payment-status\?/);
    const params = new URL(page.url()).searchParams;
    for (const [name, pattern] of Object.entries(RAZORPAY_PARAMS))
      expect(params.get(name), name).toMatch(pattern);
    expect(params.get('razorpay_payment_link_status')).toBe(outcome === 'pay' ? 'paid' : 'cancelled');
    return params.get('razorpay_payment_id') ?? '';
  }

  async function bookAndPay(outcome: 'pay' | 'fail', origin = baseUrl) {
    const opened = await openPage(browser, viewport, `${origin}/`);
    const { page } = opened;
    const time = await goToConfirmation(page, { type: 'online', therapist: 'Rohan Kapoor' });
    const summary = (await page.locator('.summary').textContent()) ?? '';
    expect(summary).toContain('Online Video Session');
    expect(summary).toContain('₹1,200');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    return { ...opened, time, paymentId: await payOrFail(page, outcome) };
  }

  it('pays on the payment page and shows the confirmed booking with its meeting link', async () => {
    const { page, errors, time, paymentId } = await bookAndPay('pay');
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain('Rohan Kapoor');
    expect(main).toContain(time);
    expect(main).toContain(paymentId);
    expect(main).toMatch(/24 hours/);
    const meeting = page.locator('.summary').getByRole('link');
    expect(await meeting.getAttribute('href')).toMatch(/^https:\/\//);
    expect(await page.getByRole('link', { name: 'Go to Home Page' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("says 'Payment Failed!' when the payment fails, and lets the visitor pay again", async () => {
    // The provider returns to PUBLIC_URL (localhost), and the draft lives in that origin's storage.
    const { page, paymentId } = await bookAndPay('fail', baseUrl.replace('127.0.0.1', 'localhost'));
    await page.getByRole('heading', { name: 'Payment Failed!' }).waitFor();
    expect(await page.getByText('Your payment could not be processed.').isVisible()).toBe(true);
    expect(await page.locator('main').textContent()).toContain(paymentId);
    await page.getByRole('link', { name: 'Go to Home Page' }).click();
    await waitForStep(page, 'Confirm Payment');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await payOrFail(page, 'pay');
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    await page.close();
  });

  it('offers Try payment again after a failed payment: the same booking is paid and confirmed', async () => {
    const { page, errors } = await bookAndPay('fail', baseUrl.replace('127.0.0.1', 'localhost'));
    await page.getByRole('heading', { name: 'Payment Failed!' }).waitFor();
    const failedBooking = new URL(page.url()).searchParams.get('razorpay_payment_link_reference_id');
    // The help text's link (the footer carries the clinic's phone too).
    const phone = page.getByRole('main').getByRole('link', { name: '+91 22 4000 0000' });
    expect(await phone.getAttribute('href')).toBe('tel:+912240000000');
    expect(await page.getByRole('button', { name: 'Choose another time' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Try payment again' }).click();
    await payOrFail(page, 'pay');
    await page.getByRole('heading', { name: 'Booking Confirmed!' }).waitFor();
    expect(new URL(page.url()).searchParams.get('razorpay_payment_link_reference_id')).toBe(failedBooking);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('leads back to the date step, choices kept, when the slot was taken after the failure', async () => {
    const origin = baseUrl.replace('127.0.0.1', 'localhost');
    const { page, errors } = await bookAndPay('fail', origin);
    await page.getByRole('heading', { name: 'Payment Failed!' }).waitFor();
    const draft = await readDraft(page);
    // Someone else books the same time while the visitor reads the page.
    const taken = await page.request.post(`${origin}/api/bookings`, {
      data: {
        therapist_id: draft.selectedTherapist?.id,
        booking_date: draft.selectedTimeSlot?.date,
        booking_time_slot_start: draft.selectedTimeSlot?.start_time.slice(0, 5),
        client_full_name: 'Another Visitor',
        client_email: 'another@example.com',
        client_mobile: '9123456780',
        terms_accepted: true,
        booking_type: 'ONLINE',
        location_id: 0,
        client_age: 40,
        client_session_type: 'individual',
      },
    });
    expect(taken.status()).toBe(201);

    await page.getByRole('button', { name: 'Try payment again' }).click();
    const notice = page.getByText('This time can no longer be held for you', { exact: false });
    await notice.first().waitFor();
    expect(await page.getByRole('button', { name: 'Try payment again' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Choose another time' }).click();
    await waitForStep(page, 'Select Date & Time');
    const after = await readDraft(page);
    expect(after.selectedTherapist?.id).toBe(draft.selectedTherapist?.id);
    expect(after.selectedTimeSlot).toBeNull();
    expect(after.clientInfo.email).toBe(draft.clientInfo.email);
    expect(errors).toEqual([]);
    await page.close();
  });
});
