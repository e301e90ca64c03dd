import { todayIn } from '@therapy/shared/clinic-time';
import type {
  LeaveDecision,
  LeaveRequest,
  LeaveRequestBody,
  LeaveRequestQuery,
} from '@therapy/shared/leave-request-schemas';
import type { Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../http/app-error.ts';
import type { AdminPrincipal } from '../admin-auth/admin-guard.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import { addTimeOff, checkLeavePeriod } from './leave-and-holidays.ts';
import {
  decideLeaveRequest,
  findLeaveRequest,
  insertLeaveRequest,
  pageLeaveRequests,
} from './leave-requests-repo.ts';
import { countOutside } from './outside-schedule.ts';
import type { ScheduleDeps } from './schedule-service.ts';
import { findTherapistForSchedule } from './schedule-writes.ts';

/** Who asks: the therapist's own login (a therapist's route), with its e-mail for the audit log. */
export type LeaveRequester = { therapistId: number; adminId: number | null; label: string };

/**
 * Leave requests (issue 25): a therapist asks for days off; a superadmin approves (the request
 * becomes the therapist's leave, written by addTimeOff, the one writer of leave, in the same
 * transaction) or declines. Each step is audited; a decided request is never decided again.
 */
export function createLeaveRequestService({ db, clinicTimeZone, now = () => new Date() }: ScheduleDeps) {
  const today = () => todayIn(clinicTimeZone, now());

  /** Locks a request that still waits for a decision. */
  async function openRequest(tx: Queryable, id: number): Promise<LeaveRequest> {
    const request = await findLeaveRequest(tx, id, { forUpdate: true });
    if (!request) throw notFound(`Leave request ${id} not found`);
    if (request.status !== 'requested') {
      throw conflict(`Leave request ${id} was already ${request.status}; nothing was changed.`);
    }
    return request;
  }

  const withOutside = async (request: LeaveRequest): Promise<LeaveDecision> => ({
    ...request,
    outside_bookings: await countOutside(db, { today: today(), therapistId: request.therapist_id }),
  });

  return {
    async request(requester: LeaveRequester, body: LeaveRequestBody): Promise<LeaveRequest> {
      checkLeavePeriod(body);
      if (body.from < today()) throw badRequest('from: leave cannot start in the past.');
      return db.transaction(async (tx) => {
        await findTherapistForSchedule(tx, requester.therapistId);
        const stored = await insertLeaveRequest(tx, {
          ...body,
          therapistId: requester.therapistId,
          requestedBy: requester.adminId,
        });
        await insertAudit(tx, {
          actorAdminId: requester.adminId,
          actorLabel: requester.label,
          therapistId: requester.therapistId,
          action: 'leave_request.create',
          details: { leave_request_id: stored.id, from: stored.from, to: stored.to },
        });
        return stored;
      });
    },

    list: (query: LeaveRequestQuery) => pageLeaveRequests(db, query),

    listOwn: (therapistId: number, query: LeaveRequestQuery) =>
      pageLeaveRequests(db, { ...query, therapistId }),

    /** Approves: the therapist's leave exists at once, and Outside schedule shows what it touches. */
    async approve(admin: AdminPrincipal, id: number): Promise<LeaveDecision> {
      const decided = await db.transaction(async (tx) => {
        const request = await openRequest(tx, id);
        if (request.to < today()) {
          throw conflict(`Leave request ${id} is for days already past; decline it instead.`);
        }
        const timeOff = await addTimeOff(tx, request.therapist_id, {
          from: request.from,
          to: request.to,
          reason: request.reason,
        });
        const approved = await decideLeaveRequest(tx, id, {
          status: 'approved',
          decidedBy: admin.id,
          timeOffId: timeOff.id,
        });
        await insertAudit(tx, {
          actorAdminId: admin.id,
          actorLabel: admin.email,
          therapistId: request.therapist_id,
          action: 'leave_request.approve',
          details: { leave_request_id: id, time_off_id: timeOff.id, from: request.from, to: request.to },
        });
        return approved;
      });
      return withOutside(decided);
    },

    async decline(admin: AdminPrincipal, id: number): Promise<LeaveDecision> {
      const decided = await db.transaction(async (tx) => {
        const request = await openRequest(tx, id);
        const declined = await decideLeaveRequest(tx, id, {
          status: 'declined',
          decidedBy: admin.id,
          timeOffId: null,
        });
        await insertAudit(tx, {
          actorAdminId: admin.id,
          actorLabel: admin.email,
          therapistId: request.therapist_id,
          action: 'leave_request.decline',
          details: { leave_request_id: id, from: request.from, to: request.to },
        });
        return declined;
      });
      return withOutside(decided);
    },
  };
}

export type LeaveRequestService = ReturnType<typeof createLeaveRequestService>;
