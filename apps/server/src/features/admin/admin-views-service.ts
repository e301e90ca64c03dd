import type { AdminBookingsQuery } from '@therapy/shared/admin-schemas';
import { type AdminDaySlot, CALENDAR_MAX_DAYS } from '@therapy/shared/admin-slot-schemas';
import { addDays, zonedNow } from '@therapy/shared/clinic-time';
import type { Database } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { listAudit } from '../audit/audit-repo.ts';
import * as repo from './admin-views-repo.ts';
import { DEFAULT_PAGE_SIZE, listBookingPage } from './booking-page-repo.ts';

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

    /** The therapist's template slots on `date`: booked, blocked, past, or free. */
    async listDaySlots(therapistId: number, date: string): Promise<AdminDaySlot[]> {
      await requireTherapist(therapistId);
      const clock = zonedNow(clinicTimeZone, now());
      const rows = await repo.listDaySlots(db, therapistId, date);
      return rows.map((row) => ({
        id: row.id,
        therapist_id: row.therapist_id,
        date,
        start_time: row.start_time,
        end_time: row.end_time,
        is_available: row.is_available,
        admin_blocked: row.template_blocked || row.holder_type === 'ADMIN_BLOCK',
        is_booked: row.holder_id !== null && row.holder_type !== 'ADMIN_BLOCK',
        booking_id: row.holder_id,
        is_past: date < clock.date || (date === clock.date && row.start_time <= clock.time),
      }));
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
