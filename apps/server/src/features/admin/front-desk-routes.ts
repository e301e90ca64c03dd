import {
  adminRescheduleRequestSchema,
  adminRescheduleResultSchema,
} from '@therapy/shared/admin-move-schemas';
import { adminIdParamsSchema } from '@therapy/shared/admin-schemas';
import { errorResponses } from '@therapy/shared/api-errors';
import {
  attendanceRequestSchema,
  attendanceResultSchema,
  centrePaymentParamsSchema,
  centrePaymentRequestSchema,
  centrePaymentResultSchema,
} from '@therapy/shared/front-desk-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodApp } from '../../http/zod-app.ts';
import { requireAdmin } from '../admin-auth/admin-guard.ts';
import type { FrontDeskService } from './front-desk-service.ts';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** The front desk's calls: payment at the centre, its undoing (superadmins), attendance, a move. */
export const frontDeskRoutes: FastifyPluginAsyncZod<{ frontDesk: FrontDeskService }> = async (
  app,
  { frontDesk },
) => {
  registerCentrePaymentRoutes(app, frontDesk);
  registerSessionRoutes(app, frontDesk);
};

/** A payment taken at the centre, and its undoing. */
function registerCentrePaymentRoutes(app: ZodApp, frontDesk: FrontDeskService) {
  app.post(
    '/api/admin/bookings/:id/payments',
    {
      access: 'admin',
      schema: {
        tags,
        summary:
          'Record a payment taken at the centre for a pending in-person booking (it becomes COMPLETED)',
        params: adminIdParamsSchema,
        body: centrePaymentRequestSchema,
        response: { 200: centrePaymentResultSchema, ...errors },
      },
    },
    (request) => frontDesk.recordPayment(requireAdmin(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/bookings/:id/payments/:payment_id/void',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary:
          'Undo a payment recorded at the centre by mistake (the booking is PENDING again; superadmins)',
        params: centrePaymentParamsSchema,
        response: { 200: centrePaymentResultSchema, ...errors },
      },
    },
    (request) => frontDesk.voidPayment(requireAdmin(request), request.params.id, request.params.payment_id),
  );
}

/** What happens to the session itself: attendance, and a move for a client who calls. */
function registerSessionRoutes(app: ZodApp, frontDesk: FrontDeskService) {
  app.post(
    '/api/admin/bookings/:id/attendance',
    {
      access: 'admin',
      schema: {
        tags,
        summary: 'Mark a started session Attended or No-show (a mark may be changed)',
        params: adminIdParamsSchema,
        body: attendanceRequestSchema,
        response: { 200: attendanceResultSchema, ...errors },
      },
    },
    (request) => frontDesk.markAttendance(requireAdmin(request), request.params.id, request.body.status),
  );

  app.post(
    '/api/admin/bookings/:id/reschedule',
    {
      access: 'admin',
      schema: {
        tags,
        summary:
          'Move a confirmed booking to another open slot of the same therapist, type and centre ' +
          '(the client and therapist get the new time and an updated invite)',
        params: adminIdParamsSchema,
        body: adminRescheduleRequestSchema,
        response: { 200: adminRescheduleResultSchema, ...errors },
      },
    },
    (request) => frontDesk.moveBooking(requireAdmin(request), request.params.id, request.body),
  );
}
