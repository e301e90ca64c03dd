import { createHash } from 'node:crypto';
import { errorBodySchema } from '@therapy/shared/api-errors';
import { hasControlCharacter, parseDbId } from '@therapy/shared/schema-limits';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { AppError, badRequest } from '../../http/app-error.ts';
import { markPaymentFailed } from '../bookings/expire-holds.ts';
import type { PaymentsService } from './payments-service.ts';
import {
  linkFromEvent,
  refundFromEvent,
  type WebhookEvent,
  webhookSignatureMatches,
} from './razorpay/razorpay-webhook.ts';
import { recordProviderRefundOutcome } from './refunds-service.ts';

type WebhookDeps = { db: Database; payments: PaymentsService; webhookSecret: string };

/**
 * POST /api/payment/webhook: Razorpay's server-to-server notice that a link was paid, expired or
 * cancelled, or that a refund was processed or failed. It confirms a paid booking even when the
 * visitor closed the browser, and puts a booking whose refund failed back to "Refund due". A
 * delivery already handled (by event id) is acknowledged and changes nothing.
 */
export const webhookRoutes: FastifyPluginAsync<WebhookDeps> = async (
  app,
  { db, payments, webhookSecret },
) => {
  // The signature covers the exact bytes sent, so this route keeps the body raw.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/payment/webhook',
    {
      // Not the guard's: the handler checks Razorpay's signature.
      access: 'public',
      schema: {
        tags: ['payments'],
        summary:
          'Razorpay webhook (payment_link.paid, .expired, .cancelled; refund.processed, .failed), signed with the webhook secret',
        response: { 400: errorBodySchema },
      },
    },
    async (request) => {
      const rawBody = request.body as Buffer;
      if (!Buffer.isBuffer(rawBody)) throw badRequest('Expected a JSON body');
      const signature = String(request.headers['x-razorpay-signature'] ?? '');
      if (!webhookSignatureMatches(webhookSecret, rawBody, signature)) {
        request.log.warn('webhook with a bad signature refused');
        throw new AppError(400, 'Invalid webhook signature');
      }
      let event: WebhookEvent;
      try {
        event = JSON.parse(rawBody.toString('utf8')) as WebhookEvent;
      } catch {
        throw badRequest('The webhook body is not JSON');
      }
      if (typeof event !== 'object' || event === null || Array.isArray(event)) {
        throw badRequest('The webhook body is not a JSON object');
      }
      const eventId =
        String(request.headers['x-razorpay-event-id'] ?? '') ||
        createHash('sha256').update(rawBody).digest('hex');

      const seen = await db.query('SELECT 1 FROM payment_webhook_events WHERE event_id = $1', [eventId]);
      if (seen.rows.length > 0) return { status: 'duplicate' };

      const link = linkFromEvent(event);
      if (event.event === 'payment_link.paid' && link) {
        const outcome = await payments.confirmPaidLink(link);
        request.log.info({ event: event.event, outcome }, 'payment link webhook');
      } else if (
        (event.event === 'payment_link.expired' || event.event === 'payment_link.cancelled') &&
        link
      ) {
        const bookingId = parseDbId(link.referenceId) ?? 0;
        const { rows } = await db.query('SELECT 1 FROM bookings WHERE id = $1 AND payment_link_id = $2', [
          bookingId,
          link.id,
        ]);
        if (rows.length > 0) await markPaymentFailed(db, bookingId);
      } else if (event.event === 'refund.processed' || event.event === 'refund.failed') {
        const refund = refundFromEvent(event);
        const outcome = refund
          ? await recordProviderRefundOutcome(db, {
              refundId: refund.id,
              paymentId: refund.paymentId,
              status: event.event === 'refund.processed' ? 'processed' : 'failed',
            })
          : 'unknown';
        // Ids only: a refund the app does not know (made in Razorpay's Dashboard) is acknowledged.
        request.log.info({ event: event.event, refund_id: refund?.id, outcome }, 'refund webhook');
      } else {
        request.log.info({ event: event.event }, 'webhook event acknowledged and ignored');
      }
      await db.query(
        'INSERT INTO payment_webhook_events (event_id, event) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING',
        [eventId, eventName(event)],
      );
      return { status: 'ok' };
    },
  );
};

/** The event's name as stored: text PostgreSQL can hold, or 'unknown'. */
function eventName(event: WebhookEvent): string {
  const name = event.event;
  return typeof name === 'string' && name.length <= 100 && !hasControlCharacter(name) ? name : 'unknown';
}
