import { errorResponses } from '@therapy/shared/api-errors';
import {
  paymentDetailsQuerySchema,
  paymentDetailsSchema,
  paymentLinkRequestSchema,
  paymentLinkSchema,
  recordPaymentLinkSchema,
} from '@therapy/shared/booking-schemas';
import { dbIdText } from '@therapy/shared/schema-limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { RouteRateLimits } from '../rate-limits/register-rate-limits.ts';
import type { PaymentsService } from './payments-service.ts';

const tags = ['payments'];
const errors = errorResponses(400, 404, 409, 429, 502);
const bookingIdParams = z.object({ id: dbIdText });

export const paymentsRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  rateLimits: RouteRateLimits;
}> = async (app, { payments, rateLimits }) => {
  app.post(
    '/api/payment/generate-link',
    {
      access: 'public',
      config: { rateLimit: rateLimits.paymentLinks },
      schema: {
        tags,
        summary:
          "A payment link for an online booking, for the booking's own amount (an amount sent is ignored)",
        body: paymentLinkRequestSchema,
        response: { 200: paymentLinkSchema, ...errors },
      },
    },
    (request) => payments.generateLink(request.body.booking_id, request.body.customer_email),
  );

  app.post(
    '/api/bookings/:id/payment-link',
    {
      access: 'public',
      config: { rateLimit: rateLimits.paymentLinks },
      schema: {
        tags,
        summary: 'Record the payment link on the booking: only the link generated for it is accepted',
        params: bookingIdParams,
        body: recordPaymentLinkSchema,
        response: { 200: recordPaymentLinkSchema, ...errors },
      },
    },
    (request) =>
      payments.recordLink(
        request.params.id,
        request.body.payment_link_url,
        request.body.razorpay_payment_link_id,
      ),
  );

  app.get(
    '/api/get-razorpay-details/:payment_link_id',
    {
      access: 'public',
      config: { rateLimit: rateLimits.lookups },
      schema: {
        tags,
        summary: "The status page's look-up: verifies the callback and asks the provider before confirming",
        params: z.object({
          payment_link_id: z.string().check(z.regex(/^[A-Za-z0-9_]{1,64}$/, 'unknown payment link')),
        }),
        querystring: paymentDetailsQuerySchema,
        response: { 200: paymentDetailsSchema, ...errors },
      },
    },
    (request) => payments.lookUpPayment(request.params.payment_link_id, request.query),
  );
};
