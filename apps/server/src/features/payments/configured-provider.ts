import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { loadSecret } from '../../secrets.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createRazorpayProvider } from './razorpay/razorpay-provider.ts';
import { createSandboxProvider } from './sandbox/sandbox-provider.ts';

/**
 * The payment provider PAYMENT_PROVIDER names, for the HTTP app and the job worker alike (the
 * worker refunds clients' cancellations). The sandbox keeps its state in the database, so any
 * number of these agree.
 */
export async function createConfiguredPaymentProvider(
  config: AppConfig,
  db: Database,
  options: { now?: () => Date; timeoutMs?: number } = {},
): Promise<{
  provider: PaymentProvider;
  sandbox: ReturnType<typeof createSandboxProvider>;
  sandboxSecret: string;
}> {
  const sandboxSecret = await loadSecret(config.dataDir, 'sandbox-payment-secret');
  const sandbox = createSandboxProvider(db, config.publicUrl, sandboxSecret, options.now);
  const razorpay = config.razorpay;
  const provider =
    config.paymentProvider === 'razorpay'
      ? createRazorpayProvider({
          apiUrl: razorpay.apiUrl,
          keyId: razorpay.keyId!,
          keySecret: razorpay.keySecret!,
          timeoutMs: options.timeoutMs,
          now: options.now,
        })
      : sandbox.provider;
  return { provider, sandbox, sandboxSecret };
}
