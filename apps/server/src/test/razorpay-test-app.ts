import { startRazorpayDouble } from './razorpay-double.ts';
import { createDemoTestApp } from './test-app.ts';
import type { Backend } from './test-database.ts';

/**
 * How long the app waits for the double. Short, so that a test of a provider that does not answer
 * (`razorpay.setDelay(RAZORPAY_STALL_MS)`) is quick, but long enough for a busy 2-CPU machine to
 * answer a loopback call (300 ms was not, at a load of 13).
 */
export const RAZORPAY_TEST_TIMEOUT_MS = 2_000;
/** A delay past the timeout: the double stalls and the app gives up. */
export const RAZORPAY_STALL_MS = RAZORPAY_TEST_TIMEOUT_MS + 500;

/**
 * The app on a fresh demo database (createDemoTestApp) taking its payments from a new double:
 * PAYMENT_PROVIDER=razorpay with the double's keys and address, PUBLIC_URL as Razorpay would call
 * back to, and a short provider timeout. `close` ends app, database and double.
 */
export async function createRazorpayTestApp(
  backend: Backend,
  keys: { keyId: string; keySecret: string; webhookSecret: string },
  env: Record<string, string> = {},
) {
  const razorpay = await startRazorpayDouble(keys);
  const testApp = await createDemoTestApp(backend, {
    providerTimeoutMs: RAZORPAY_TEST_TIMEOUT_MS,
    env: {
      PUBLIC_URL: 'https://book.example.in',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: keys.keyId,
      RAZORPAY_KEY_SECRET: keys.keySecret,
      RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
      RAZORPAY_API_URL: razorpay.url,
      ...env,
    },
  });
  return {
    ...testApp,
    razorpay,
    async close() {
      await testApp.close();
      await razorpay.close();
    },
  };
}
