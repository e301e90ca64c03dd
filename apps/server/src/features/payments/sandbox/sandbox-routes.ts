import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { RouteRateLimits } from '../../rate-limits/register-rate-limits.ts';
import { signCallback } from '../payment-provider.ts';
import { renderSandboxPage, SANDBOX_PAGE_CSS, SANDBOX_PAGE_CSS_PATH } from './sandbox-page.ts';
import type { SandboxPayments } from './sandbox-provider.ts';

const params = z.object({ id: z.string().check(z.regex(/^plink_[A-Za-z0-9]+$/, 'unknown payment link')) });

/** The sandbox provider's payment page, standing in for Razorpay's hosted one. */
export const sandboxRoutes: FastifyPluginAsyncZod<{
  sandbox: SandboxPayments;
  secret: string;
  rateLimits: RouteRateLimits;
}> = async (app, { sandbox, secret, rateLimits }) => {
  app.get(SANDBOX_PAGE_CSS_PATH, { access: 'public', schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(SANDBOX_PAGE_CSS),
  );

  app.get(
    '/sandbox/pay/:id',
    { access: 'public', schema: { hide: true, params } },
    async (request, reply) => {
      const link = await sandbox.findLink(request.params.id);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderSandboxPage(link));
    },
  );

  app.post(
    '/sandbox/pay/:id',
    {
      access: 'public',
      // Stands in for the provider's page: counted with the payment link calls it follows.
      config: { rateLimit: rateLimits.paymentLinks },
      schema: { hide: true, params, body: z.object({ outcome: z.enum(['paid', 'failed']) }) },
    },
    async (request, reply) => {
      const { row, paymentId } = await sandbox.settle(request.params.id, request.body.outcome);
      // Redirect as Razorpay does after a payment link is paid: five parameters, the last a signature.
      const status = row.status;
      const callback = new URL(row.callback_url);
      callback.searchParams.set('razorpay_payment_id', paymentId);
      callback.searchParams.set('razorpay_payment_link_id', row.id);
      callback.searchParams.set('razorpay_payment_link_reference_id', row.reference_id);
      callback.searchParams.set('razorpay_payment_link_status', status);
      callback.searchParams.set(
        'razorpay_signature',
        signCallback(secret, { paymentLinkId: row.id, referenceId: row.reference_id, status, paymentId }),
      );
      return reply.redirect(callback.toString(), 303);
    },
  );
};
