import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signCallback } from '../features/payments/payment-provider.ts';
import {
  type DoubleLink,
  type DoubleRefund,
  doubleWebhooks,
  doubleId as id,
} from './razorpay-double-events.ts';

/**
 * A stand-in for Razorpay's Payment Links API on loopback, speaking its documented shapes:
 * POST /v1/payment_links, GET /v1/payment_links/{id}, POST /v1/payments/{id}/refund,
 * GET /v1/payments/{id}/refunds, basic auth with key id and secret. The test plays the customer
 * (pay, expire), Razorpay's refund processing (settleRefund) and its webhook sender.
 */
export async function startRazorpayDouble(keys: { keyId: string; keySecret: string; webhookSecret: string }) {
  const links = new Map<string, DoubleLink>();
  const refunds: DoubleRefund[] = [];
  const requests: { method: string; path: string; body: unknown; authorization?: string }[] = [];
  let delayMs = 0;
  /** Razorpay's refusal of the next refunds (e.g. too little balance), while set. */
  let refundRefusal: string | null = null;
  /** The status Razorpay answers new refunds with: processed at once, or pending until settled. */
  let newRefundStatus: 'pending' | 'processed' = 'processed';

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => resolve(body));
    });

  const server = createServer(async (request, response) => {
    const text = await readBody(request);
    const body = text ? JSON.parse(text) : undefined;
    requests.push({
      method: request.method ?? '',
      path: request.url ?? '',
      body,
      authorization: request.headers.authorization,
    });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const send = (status: number, payload: unknown) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    const expected = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
    if (request.headers.authorization !== expected) {
      return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    }
    if (request.method === 'POST' && request.url === '/v1/payment_links') {
      if (!Number.isInteger(body.amount) || body.amount < 100 || body.currency !== 'INR') {
        return send(400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be at least INR 1.00' },
        });
      }
      if ([...links.values()].some((link) => link.reference_id === body.reference_id)) {
        return send(400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'reference_id already exists' },
        });
      }
      if (body.expire_by < Math.floor(Date.now() / 1000) + 15 * 60) {
        return send(400, {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'expire_by should be at least 15 minutes after current time',
          },
        });
      }
      const link: DoubleLink = {
        ...body,
        id: id('plink'),
        short_url: `https://rzp.example/i/${randomBytes(4).toString('hex')}`,
        status: 'created',
        amount_paid: 0,
        payments: null,
      };
      links.set(link.id, link);
      return send(200, link);
    }
    const listed = request.url?.match(/^\/v1\/payments\/([\w]+)\/refunds$/);
    if (request.method === 'GET' && listed) {
      const items = refunds.filter((r) => r.payment_id === listed[1]);
      return send(200, { entity: 'collection', count: items.length, items });
    }
    const refund = request.url?.match(/^\/v1\/payments\/([\w]+)\/refund$/);
    if (request.method === 'POST' && refund) {
      const paymentId = refund[1]!;
      const payment = [...links.values()]
        .flatMap((link) => link.payments ?? [])
        .find((p) => p.payment_id === paymentId && p.status === 'captured');
      if (!payment) {
        return send(400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
        });
      }
      if (refundRefusal)
        return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: refundRefusal } });
      const refunded = refunds
        .filter((r) => r.payment_id === paymentId && r.status !== 'failed')
        .reduce((sum, r) => sum + r.amount, 0);
      if (!Number.isInteger(body?.amount) || body.amount < 100) {
        return send(400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be atleast INR 1.00' },
        });
      }
      if (body.amount > payment.amount - refunded) {
        return send(400, {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'The total refund amount is greater than the refund payment amount',
          },
        });
      }
      return send(200, addRefund(paymentId, body.amount, body.notes ?? {}, body.speed ?? 'normal'));
    }
    const match = request.url?.match(/^\/v1\/payment_links\/([\w]+)$/);
    if (request.method === 'GET' && match) {
      const link = links.get(match[1]!);
      return link
        ? send(200, link)
        : send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } });
    }
    send(404, {
      error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
    });
  });
  function addRefund(
    paymentId: string,
    amount: number,
    notes: Record<string, string>,
    speed: string,
    status: DoubleRefund['status'] = newRefundStatus,
  ) {
    const created: DoubleRefund = {
      id: id('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: paymentId,
      notes,
      speed_requested: speed,
      status,
      created_at: Math.floor(Date.now() / 1000),
    };
    refunds.push(created);
    return created;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const { webhook, refundWebhook } = doubleWebhooks(keys.webhookSecret, links, refunds);

  return {
    url: `http://127.0.0.1:${port}`,
    links,
    refunds,
    requests,
    setDelay(ms: number) {
      delayMs = ms;
    },
    /** Someone refunds the payment in Razorpay's Dashboard, outside the app. */
    refundInDashboard(paymentId: string, amount: number) {
      return addRefund(paymentId, amount, {}, 'normal');
    },
    /** Answers new refunds as `pending` (settled later with settleRefund) or `processed` at once (the default). */
    answerRefundsAs(status: 'pending' | 'processed') {
      newRefundStatus = status;
    },
    /**
     * Razorpay settles a refund: its status becomes processed or failed (a failed one no longer
     * counts against the payment and is listed as failed), and the signed `refund.processed` or
     * `refund.failed` webhook it then sends is returned.
     */
    settleRefund(refundId: string, status: 'processed' | 'failed', eventId?: string) {
      const refund = refunds.find((r) => r.id === refundId);
      if (!refund) throw new Error(`The double has no refund ${refundId}`);
      refund.status = status;
      return refundWebhook(`refund.${status}`, refund, eventId);
    },
    refundWebhook,
    /** Refuses refunds with this description (a 400, as Razorpay does), or accepts them again (null). */
    refuseRefunds(description: string | null) {
      refundRefusal = description;
    },
    /** The customer pays: the link is paid, and the browser would come back with these parameters. */
    pay(linkId: string) {
      const link = links.get(linkId)!;
      const paymentId = id('pay');
      link.status = 'paid';
      link.amount_paid = link.amount;
      link.payments = [{ payment_id: paymentId, amount: link.amount, status: 'captured', method: 'upi' }];
      const params = { paymentLinkId: link.id, referenceId: link.reference_id, status: 'paid', paymentId };
      return {
        paymentId,
        callback: new URLSearchParams({
          razorpay_payment_id: paymentId,
          razorpay_payment_link_id: link.id,
          razorpay_payment_link_reference_id: link.reference_id,
          razorpay_payment_link_status: 'paid',
          razorpay_signature: signCallback(keys.keySecret, params),
        }),
      };
    },
    expire(linkId: string) {
      links.get(linkId)!.status = 'expired';
    },
    webhook,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type RazorpayDouble = Awaited<ReturnType<typeof startRazorpayDouble>>;
