import { errorResponses } from '@therapy/shared/api-errors';
import {
  leaveDecisionSchema,
  leaveRequestPageSchema,
  leaveRequestParamsSchema,
  leaveRequestQuerySchema,
} from '@therapy/shared/leave-request-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../admin-auth/admin-guard.ts';
import type { LeaveRequestService } from './leave-requests-service.ts';

const tags = ['schedules'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** The superadmins' side of leave requests: the list (with the sidebar's count) and the decisions. */
export const adminLeaveRequestRoutes: FastifyPluginAsyncZod<{ leaveRequests: LeaveRequestService }> = async (
  app,
  { leaveRequests },
) => {
  app.get(
    '/api/admin/leave-requests',
    {
      access: 'superadmin',
      schema: {
        tags,
        summary:
          "Therapists' leave requests, newest first (status narrows), with requested_count; next page by cursor=next_cursor",
        querystring: leaveRequestQuerySchema,
        response: { 200: leaveRequestPageSchema, ...errors },
      },
    },
    (request) => leaveRequests.list(request.query),
  );

  for (const decision of ['approve', 'decline'] as const) {
    app.post(
      `/api/admin/leave-requests/:id/${decision}`,
      {
        access: 'superadmin',
        schema: {
          tags,
          summary:
            decision === 'approve'
              ? "Approves a leave request: it becomes the therapist's leave (409 once decided or past); outside_bookings counts the bookings it touches"
              : 'Declines a leave request (409 once decided)',
          params: leaveRequestParamsSchema,
          response: { 200: leaveDecisionSchema, ...errors },
        },
      },
      (request) => leaveRequests[decision](requireAdmin(request), request.params.id),
    );
  }
};
