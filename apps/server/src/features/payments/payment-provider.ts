import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What the payments feature needs of a payment provider. The sandbox adapter (a local page) and
 * the Razorpay adapter (Payment Links API) both speak it.
 */
export type PaymentLinkStatus = 'created' | 'partially_paid' | 'paid' | 'expired' | 'cancelled';

export type NewPaymentLink = {
  amountPaise: number;
  referenceId: string;
  description: string;
  customer: { name: string; email: string; phone: string };
  callbackUrl: string;
  expireBy: Date | null;
  notes: Record<string, string>;
};

export type ProviderPaymentLink = {
  id: string;
  shortUrl: string;
  status: PaymentLinkStatus;
  amountPaise: number;
  amountPaidPaise: number;
  referenceId: string;
  /** The captured payment, once paid. */
  paymentId: string | null;
};

/** A refund as the provider answers it (Razorpay: pending, processed or failed). */
export type ProviderRefund = {
  /** The provider's refund id (Razorpay's rfnd_…). */
  id: string;
  paymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
};

export type PaymentProvider = {
  readonly name: 'sandbox' | 'razorpay';
  createPaymentLink(link: NewPaymentLink): Promise<ProviderPaymentLink>;
  fetchPaymentLink(id: string): Promise<ProviderPaymentLink>;
  /**
   * Refunds `amountPaise` of a captured payment to the payer. Throws ProviderUnavailableError when
   * the provider refuses or does not answer in time (then the outcome is unknown; providers refuse
   * to refund more than was captured, so asking again cannot refund twice the full amount).
   */
  refundPayment(
    paymentId: string,
    amountPaise: number,
    notes: Record<string, string>,
  ): Promise<ProviderRefund>;
  /** The refunds already made of a payment, by the app or in the provider's own dashboard. */
  fetchRefunds(paymentId: string): Promise<ProviderRefund[]>;
  /** The key that signs payment-link callbacks. */
  readonly callbackSecret: string;
};

export type CallbackParams = {
  paymentLinkId: string;
  referenceId: string;
  status: string;
  paymentId: string;
};

/**
 * Razorpay signs a payment link's callback with HMAC-SHA256, keyed by the key secret, over
 * `payment_link_id|payment_link_reference_id|payment_link_status|payment_id`.
 * https://razorpay.com/docs/payments/payment-links/apis/#verify-payment-link-signature
 */
export function signCallback(secret: string, params: CallbackParams): string {
  return createHmac('sha256', secret)
    .update(`${params.paymentLinkId}|${params.referenceId}|${params.status}|${params.paymentId}`)
    .digest('hex');
}

export function callbackSignatureMatches(secret: string, params: CallbackParams, signature: string): boolean {
  const expected = Buffer.from(signCallback(secret, params), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}
