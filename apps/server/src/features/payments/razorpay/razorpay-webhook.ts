import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ProviderPaymentLink } from '../payment-provider.ts';

/**
 * Razorpay signs each webhook delivery with HMAC-SHA256 of the raw body, keyed by the webhook
 * secret, in X-Razorpay-Signature.
 * https://razorpay.com/docs/webhooks/validate-test/
 */
export function webhookSignatureMatches(secret: string, rawBody: Buffer, signature: string): boolean {
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function signWebhook(secret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export type WebhookEvent = {
  event: string;
  payload?: {
    payment_link?: { entity?: Record<string, unknown> };
    payment?: { entity?: Record<string, unknown> };
    refund?: { entity?: Record<string, unknown> };
  };
};

/** The payment link a payment_link.* event describes, in the provider interface's terms. */
export function linkFromEvent(event: WebhookEvent): ProviderPaymentLink | undefined {
  const entity = event.payload?.payment_link?.entity;
  if (!entity || typeof entity.id !== 'string') return undefined;
  const payment = event.payload?.payment?.entity;
  return {
    id: entity.id,
    shortUrl: String(entity.short_url ?? ''),
    status: entity.status as ProviderPaymentLink['status'],
    amountPaise: Number(entity.amount ?? 0),
    amountPaidPaise: Number(entity.amount_paid ?? 0),
    referenceId: String(entity.reference_id ?? ''),
    paymentId: payment && typeof payment.id === 'string' && payment.status === 'captured' ? payment.id : null,
  };
}

/** The refund a refund.* event describes (its id and payment); the event's name says what became of it. */
export function refundFromEvent(event: WebhookEvent): { id: string; paymentId: string } | undefined {
  const entity = event.payload?.refund?.entity;
  if (!entity || typeof entity.id !== 'string' || typeof entity.payment_id !== 'string') return undefined;
  return { id: entity.id, paymentId: entity.payment_id };
}
