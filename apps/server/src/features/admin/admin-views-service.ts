import {
  type AdminClientSearchQuery,
  CLIENT_BOOKINGS_PAGE,
  CLIENT_SEARCH_PAGE,
} from '@therapy/shared/admin-client-schemas';
import type { AdminBookingsQuery, AdminTherapistBookingsQuery } from '@therapy/shared/admin-schemas';
import {
  type AdminDaySlot,
  CALENDAR_DAY_PAGE,
  CALENDAR_EVENTS_PER_DAY,
  CALENDAR_MAX_DAYS,
  type CalendarDayQuery,
  type CalendarMonth,
} from '@therapy/shared/admin-slot-schemas';
import { AUDIT_PAGE_DEFAULT, type AuditLogQuery } from '@therapy/shared/audit-schemas';
import { addDays, zonedNow } from '@therapy/shared/clinic-time';
import { sessionsOn } from '@therapy/shared/open-slots';
import type { Database } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { listAudit } from '../audit/audit-repo.ts';
import { type NoteCipher, openNotes } from '../bookings/note-cipher.ts';
import { loadSchedule } from '../schedules/schedule-reads.ts';
import * as repo from './admin-views-repo.ts';
import { DEFAULT_PAGE_SIZE, listBookingPage } from './booking-page-repo.ts';
import * as clients from './client-lists-repo.ts';
import { daySlots } from './day-slots.ts';

export type AdminViewsDeps = { db: Database; clinicTimeZone: string; now?: () => Date; notes: NoteCipher };

/** What administrators see: therapists, bookings, a therapist's day, the calendar, clients. */
export function createAdminViewsService({
  db,
  clinicTimeZone,
  now = () => new Date(),
  notes,
}: AdminViewsDeps) {
  // Notes are stored sealed (decision 038): opened for the admin's screen, page by page.
  const opened = <T extends { items: { client_note: string | null }[] }>(page: T): T => ({
    ...page,
    items: openNotes(notes, page.items),
  });

  async function requireTherapist(id: number) {
    if (!(await repo.therapistExists(db, id))) throw notFound(`Therapist ${id} not found`);
  }

  return {
    listTherapists: () => repo.listTherapists(db),
    listLocations: () => repo.listLocations(db),
    listServices: () => repo.listServices(db),
    async listBookings({ limit, cursor, ...filters }: AdminBookingsQuery) {
      if (filters.from && filters.to && filters.from > filters.to) {
        throw badRequest('"from" must not be after "to"');
      }
      return opened(await listBookingPage(db, filters, { limit: limit ?? DEFAULT_PAGE_SIZE, cursor }));
    },

    async getBooking(id: number) {
      const booking = await repo.getBooking(db, id);
      if (!booking) throw notFound(`Booking ${id} not found`);
      return { ...booking, client_note: notes.open(booking.client_note) };
    },

    async listTherapistBookings(therapistId: number, page: AdminTherapistBookingsQuery) {
      await requireTherapist(therapistId);
      return opened(
        await repo.listTherapistBookings(db, therapistId, {
          limit: page.limit ?? DEFAULT_PAGE_SIZE,
          cursor: page.cursor,
        }),
      );
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

    async listCalendar(from: string, to: string): Promise<CalendarMonth> {
      if (from > to) throw badRequest('"from" must not be after "to"');
      if (addDays(from, CALENDAR_MAX_DAYS - 1) < to) {
        throw badRequest(`The calendar spans at most ${CALENDAR_MAX_DAYS} days`);
      }
      const days = await repo.listCalendarMonth(db, from, to, CALENDAR_EVENTS_PER_DAY);
      return { days: days.map((day) => ({ ...day, events: openNotes(notes, day.events) })) };
    },

    listCalendarDay: async ({ date, limit, cursor }: CalendarDayQuery) =>
      opened(await repo.listCalendarDay(db, date, { limit: limit ?? CALENDAR_DAY_PAGE, cursor })),

    async listClientBookings({ name, limit, cursor }: AdminClientSearchQuery) {
      const page = await clients.listClientBookings(db, name?.trim() || undefined, {
        limit: limit ?? CLIENT_BOOKINGS_PAGE,
        cursor,
      });
      return {
        ...page,
        items: page.items.map((item) => ({
          ...item,
          data: { ...item.data, client_note: notes.open(item.data.client_note) },
        })),
      };
    },
    searchClients: ({ name, limit, cursor }: AdminClientSearchQuery) =>
      clients.searchClients(db, name?.trim() || undefined, { limit: limit ?? CLIENT_SEARCH_PAGE, cursor }),
    listAuditLog: ({ limit, cursor }: AuditLogQuery) =>
      listAudit(db, { limit: limit ?? AUDIT_PAGE_DEFAULT, cursor }),
  };
}

export type AdminViewsService = ReturnType<typeof createAdminViewsService>;
