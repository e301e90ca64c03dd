import { calendarFeedSchema } from '@therapy/shared/calendar-feed-schemas';
import {
  type LeaveRequestBody,
  leaveRequestPageSchema,
  leaveRequestSchema,
} from '@therapy/shared/leave-request-schemas';
import { adminRequest } from '../admin-http';

/** GET /api/therapist/leave-requests: the signed-in therapist's requests, newest first. */
export const fetchMyLeaveRequests = (signal?: AbortSignal) =>
  adminRequest('/api/therapist/leave-requests?limit=50', { signal, schema: leaveRequestPageSchema });

/** POST /api/therapist/leave-requests. */
export const requestLeave = (body: LeaveRequestBody) =>
  adminRequest('/api/therapist/leave-requests', { method: 'POST', json: body, schema: leaveRequestSchema });

/** GET /api/therapist/calendar-feed: the private subscription address. */
export const fetchCalendarFeed = (signal?: AbortSignal) =>
  adminRequest('/api/therapist/calendar-feed', { signal, schema: calendarFeedSchema });

/** POST /api/therapist/calendar-feed/rotate: a new address, the old one void. */
export const rotateCalendarFeed = () =>
  adminRequest('/api/therapist/calendar-feed/rotate', { method: 'POST', schema: calendarFeedSchema });
