import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_DB_INT } from '@therapy/shared/schema-limits';
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

export type WebhookEvent = {
  event: string;
  payload?: {
    payment_link?: { entity?: Record<string, unknown> };
    payment?: { entity?: Record<string, unknown> };
    refund?: { entity?: Record<string, unknown> };
  };
};

/*
 * A signed event comes from Razorpay, but its fields still go into queries and integer columns:
 * ids are Razorpay's (plink_…, pay_…, rfnd_…) or nothing, amounts whole paise that fit a column.
 */
const providerId = (value: unknown) =>
  typeof value === 'string' && /^[A-Za-z0-9_]{1,100}$/.test(value) ? value : undefined;
const paise = (value: unknown) => {
  const amount = Number(value ?? 0);
  return Number.isInteger(amount) && amount >= 0 && amount <= MAX_DB_INT ? amount : 0;
};

/** The payment link a payment_link.* event describes, in the provider interface's terms. */
export function linkFromEvent(event: WebhookEvent): ProviderPaymentLink | undefined {
  const entity = event.payload?.payment_link?.entity;
  const id = providerId(entity?.id);
  if (!entity || !id) return undefined;
  const payment = event.payload?.payment?.entity;
  return {
    id,
    shortUrl: String(entity.short_url ?? ''),
    status: entity.status as ProviderPaymentLink['status'],
    amountPaise: paise(entity.amount),
    amountPaidPaise: paise(entity.amount_paid),
    referenceId: String(entity.reference_id ?? ''),
    paymentId: (payment?.status === 'captured' && providerId(payment.id)) || null,
  };
}

/** The refund a refund.* event describes (its id and payment); the event's name says what became of it. */
export function refundFromEvent(event: WebhookEvent): { id: string; paymentId: string } | undefined {
  const entity = event.payload?.refund?.entity;
  const id = providerId(entity?.id);
  const paymentId = providerId(entity?.payment_id);
  return id && paymentId ? { id, paymentId } : undefined;
}
