import {
  type LeaveRequestStatus,
  leaveDecisionSchema,
  leaveRequestPageSchema,
} from '@therapy/shared/leave-request-schemas';
import { adminRequest, type PageRequest, pathId } from '../admin-http';

/** GET /api/admin/leave-requests: newest first, `status` narrowing; the answer counts the waiting ones. */
export const fetchLeaveRequests = (
  status: LeaveRequestStatus | undefined,
  page: PageRequest,
  signal?: AbortSignal,
) => {
  const query = new URLSearchParams({ limit: String(page.limit) });
  if (status) query.set('status', status);
  if (page.cursor) query.set('cursor', page.cursor);
  return adminRequest(`/api/admin/leave-requests?${query}`, { signal, schema: leaveRequestPageSchema });
};

/** POST /api/admin/leave-requests/{id}/approve or …/decline. */
export const decideLeaveRequest = (id: number, decision: 'approve' | 'decline') =>
  adminRequest(`/api/admin/leave-requests/${pathId(id)}/${decision}`, {
    method: 'POST',
    schema: leaveDecisionSchema,
  });
