import { errorResponses } from '@therapy/shared/api-errors';
import {
  leaveDecisionSchema,
  leaveRequestBodySchema,
  leaveRequestPageSchema,
  leaveRequestParamsSchema,
  leaveRequestQuerySchema,
  leaveRequestSchema,
} from '@therapy/shared/leave-request-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, requireTherapist } from '../admin-auth/admin-guard.ts';
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

/** The therapist's side: ask for leave, and see its own requests and their outcome. */
export const therapistLeaveRequestRoutes: FastifyPluginAsyncZod<{
  leaveRequests: LeaveRequestService;
}> = async (app, { leaveRequests }) => {
  app.post(
    '/api/therapist/leave-requests',
    {
      access: 'therapist',
      schema: {
        tags: ['therapist'],
        summary:
          'Asks for leave, both dates included (not in the past, at most a year); a superadmin approves or declines it',
        body: leaveRequestBodySchema,
        response: { 201: leaveRequestSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { adminId, therapistId } = requireTherapist(request);
      const requester = { therapistId, adminId, label: requireAdmin(request).email };
      return reply.status(201).send(await leaveRequests.request(requester, request.body));
    },
  );

  app.get(
    '/api/therapist/leave-requests',
    {
      access: 'therapist',
      schema: {
        tags: ['therapist'],
        summary: "The signed-in therapist's leave requests and their outcome, newest first",
        querystring: leaveRequestQuerySchema,
        response: { 200: leaveRequestPageSchema, ...errors },
      },
    },
    (request) => leaveRequests.listOwn(requireTherapist(request).therapistId, request.query),
  );
};
