import type { AdminBookingsQuery } from '@therapy/shared/admin-schemas';
import { type AdminDaySlot, CALENDAR_MAX_DAYS } from '@therapy/shared/admin-slot-schemas';
import { addDays, zonedNow } from '@therapy/shared/clinic-time';
import { sessionsOn } from '@therapy/shared/open-slots';
import type { Database } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { listAudit } from '../audit/audit-repo.ts';
import { loadSchedule } from '../schedules/schedule-reads.ts';
import * as repo from './admin-views-repo.ts';
import { DEFAULT_PAGE_SIZE, listBookingPage } from './booking-page-repo.ts';
import { daySlots } from './day-slots.ts';

export type AdminViewsDeps = { db: Database; clinicTimeZone: string; now?: () => Date };

export const AUDIT_LOG_LIMIT = 200;

/** What administrators see: therapists, bookings, a therapist's day, the calendar, clients. */
export function createAdminViewsService({ db, clinicTimeZone, now = () => new Date() }: AdminViewsDeps) {
  async function requireTherapist(id: number) {
    if (!(await repo.therapistExists(db, id))) throw notFound(`Therapist ${id} not found`);
  }

  return {
    listTherapists: () => repo.listTherapists(db),
    listLocations: () => repo.listLocations(db),
    listServices: () => repo.listServices(db),
    /** The old plain array with no parameter or with `offset`; otherwise one filtered page. */
    async listBookings({ limit, offset, cursor, ...filters }: AdminBookingsQuery) {
      const given = Object.values({ limit, offset, cursor, ...filters }).some((value) => value !== undefined);
      if (!given || offset !== undefined) return repo.listBookings(db, { limit, offset });
      if (filters.from && filters.to && filters.from > filters.to) {
        throw badRequest('"from" must not be after "to"');
      }
      return listBookingPage(db, filters, { limit: limit ?? DEFAULT_PAGE_SIZE, cursor });
    },

    async listTherapistBookings(therapistId: number) {
      await requireTherapist(therapistId);
      return repo.listTherapistBookings(db, therapistId);
    },

    /** The therapist's sessions on `date` and whatever holds its time: booked, blocked, past, or free. */
    async listDaySlots(therapistId: number, date: string): Promise<AdminDaySlot[]> {
      await requireTherapist(therapistId);
      const [schedule, held] = await Promise.all([
        loadSchedule(db, therapistId, { from: date, to: date }),
        repo.listHeldOnDate(db, therapistId, date),
      ]);
      return daySlots(therapistId, date, sessionsOn(schedule, date), held, zonedNow(clinicTimeZone, now()));
    },

    async listCalendar(from: string, to: string) {
      if (from > to) throw badRequest('"from" must not be after "to"');
      if (addDays(from, CALENDAR_MAX_DAYS - 1) < to) {
        throw badRequest(`The calendar spans at most ${CALENDAR_MAX_DAYS} days`);
      }
      return repo.listCalendarBookings(db, from, to);
    },

    listClientBookings: (name?: string) => repo.listClientBookings(db, name?.trim() || undefined),
    searchClients: (text?: string) => repo.searchClients(db, text?.trim() || undefined),
    listAuditLog: (limit = AUDIT_LOG_LIMIT) => listAudit(db, Math.min(limit, AUDIT_LOG_LIMIT)),
  };
}

export type AdminViewsService = ReturnType<typeof createAdminViewsService>;
