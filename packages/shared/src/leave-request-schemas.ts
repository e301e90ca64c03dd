import * as z from 'zod/mini';
import { countedPageOf, pageQueryShape } from './page-schemas.ts';
import { timeOffRequestSchema } from './schedule-schemas.ts';
import { calendarDate, dbId, dbIdText } from './schema-limits.ts';

/**
 * Leave requests (issue 25, CONTRACT.md "Therapists, …"): a therapist asks for leave, a
 * superadmin approves it (it becomes the therapist's leave) or declines it.
 */

export const LEAVE_REQUEST_STATUSES = ['requested', 'approved', 'declined'] as const;
export type LeaveRequestStatus = (typeof LEAVE_REQUEST_STATUSES)[number];

/** POST /api/therapist/leave-requests: the days of leave, both included, and why. */
export const leaveRequestBodySchema = timeOffRequestSchema;
export type LeaveRequestBody = z.infer<typeof leaveRequestBodySchema>;

export const leaveRequestSchema = z.object({
  id: dbId,
  therapist_id: dbId,
  therapist_name: z.string(),
  from: calendarDate,
  to: calendarDate,
  reason: z.string(),
  status: z.enum(LEAVE_REQUEST_STATUSES),
  requested_at: z.string(),
  decided_at: z.nullable(z.string()),
  /** The leave an approval made (null until then, and once that leave is removed). */
  time_off_id: z.nullable(dbId),
});
export type LeaveRequest = z.infer<typeof leaveRequestSchema>;

export const LEAVE_REQUESTS_DEFAULT_LIMIT = 25;
export const LEAVE_REQUESTS_MAX_LIMIT = 100;

/** GET /api/admin/leave-requests and GET /api/therapist/leave-requests: newest first. */
export const leaveRequestQuerySchema = z.object({
  status: z.optional(z.enum(LEAVE_REQUEST_STATUSES)),
  ...pageQueryShape(LEAVE_REQUESTS_MAX_LIMIT),
});
export type LeaveRequestQuery = z.infer<typeof leaveRequestQuerySchema>;

export const leaveRequestPageSchema = z.object({
  ...countedPageOf(leaveRequestSchema).shape,
  /** How many wait for a decision, whatever `status` asked (the sidebar's badge). */
  requested_count: z.int(),
});
export type LeaveRequestPage = z.infer<typeof leaveRequestPageSchema>;

export const leaveRequestParamsSchema = z.object({ id: dbIdText });

/** An approval's or a decline's answer: the request, and the bookings now outside the schedule. */
export const leaveDecisionSchema = z.object({
  ...leaveRequestSchema.shape,
  outside_bookings: z.int(),
});
export type LeaveDecision = z.infer<typeof leaveDecisionSchema>;

/** POST /api/therapist/leave-requests' answer (CONTRACT.md: `{id, status: requested}`). */
export const leaveRequestCreatedSchema = leaveRequestSchema;
