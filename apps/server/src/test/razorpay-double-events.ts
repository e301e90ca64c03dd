import { createHmac, randomBytes } from 'node:crypto';

/** Signs a webhook body as Razorpay does (razorpay-webhook.ts checks it): HMAC-SHA256, hex. */
export function signWebhook(secret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export type DoubleLink = {
  id: string;
  short_url: string;
  status: 'created' | 'paid' | 'expired' | 'cancelled' | 'partially_paid';
  amount: number;
  amount_paid: number;
  currency: string;
  reference_id: string;
  description: string;
  customer: { name: string; email: string; contact: string };
  callback_url: string;
  callback_method: string;
  expire_by: number;
  notes: Record<string, string>;
  payments: { payment_id: string; amount: number; status: string; method: string }[] | null;
};

export type DoubleRefund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  notes: Record<string, string>;
  speed_requested: string;
  status: 'pending' | 'processed' | 'failed';
  created_at: number;
};

export const doubleId = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;

/**
 * The webhooks the double sends, signed with the webhook secret as Razorpay signs them, built from
 * the double's links and refunds as they stand when the test asks for one.
 */
export function doubleWebhooks(
  webhookSecret: string,
  links: Map<string, DoubleLink>,
  refunds: DoubleRefund[],
) {
  function webhook(event: string, link: DoubleLink, eventId = doubleId('evt')) {
    const payment = link.payments?.[0];
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_double',
      event,
      contains: payment ? ['payment_link', 'order', 'payment'] : ['payment_link'],
      payload: {
        payment_link: { entity: link },
        ...(payment
          ? {
              payment: {
                entity: {
                  id: payment.payment_id,
                  amount: payment.amount,
                  currency: 'INR',
                  status: payment.status,
                  method: payment.method,
                },
              },
            }
          : {}),
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    return signed(body, eventId);
  }

  const signed = (body: string, eventId: string) => ({
    body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signWebhook(webhookSecret, body),
      'x-razorpay-event-id': eventId,
    },
  });

  /** A refund.* event (created, processed, failed) as Razorpay sends it: the refund and its payment. */
  function refundWebhook(event: string, refund: DoubleRefund, eventId = doubleId('evt')) {
    const payment = [...links.values()]
      .flatMap((link) => link.payments ?? [])
      .find((p) => p.payment_id === refund.payment_id);
    const refunded = refunds
      .filter((r) => r.payment_id === refund.payment_id && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_double',
      event,
      contains: ['refund', 'payment'],
      payload: {
        refund: { entity: { ...refund, receipt: null, acquirer_data: { arn: null }, batch_id: null } },
        payment: {
          entity: {
            id: refund.payment_id,
            entity: 'payment',
            amount: payment?.amount ?? refund.amount,
            currency: 'INR',
            status: payment?.status ?? 'captured',
            method: payment?.method ?? 'upi',
            captured: true,
            amount_refunded: refunded,
            refund_status: refunded === 0 ? null : refunded < (payment?.amount ?? 0) ? 'partial' : 'full',
          },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    return signed(body, eventId);
  }

  return { webhook, refundWebhook };
}
