import { startRazorpayDouble } from './razorpay-double.ts';
import { createDemoTestApp } from './test-app.ts';
import type { Backend } from './test-database.ts';

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
    providerTimeoutMs: 300,
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
