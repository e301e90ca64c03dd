import { addDays, todayIn, zonedNow } from '@therapy/shared/clinic-time';
import { openSlots, type SessionSlot } from '@therapy/shared/open-slots';
import { OPEN_SLOTS_DEFAULT_DAYS, OPEN_SLOTS_MAX_DAYS } from '@therapy/shared/schedule-schemas';
import type { Database } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/app-error.ts';
import { loadBusyTimes, loadSchedule, loadSchedules } from '../schedules/schedule-reads.ts';
import { type BookingReadsCache, createBookingReadsCache } from './booking-reads-cache.ts';
import * as repo from './catalog-repo.ts';
import { type CatalogueCache, createCatalogueCache } from './catalogue-cache.ts';
import { dailySlotTemplates } from './slot-templates.ts';

export type CatalogDeps = {
  db: Database;
  clinicTimeZone: string;
  now?: () => Date;
  cache?: CatalogueCache;
  bookingReads?: BookingReadsCache;
};

export type OpenSlotsQuery = { therapist_id: number; from?: string; to?: string };

export function createCatalogService({
  db,
  clinicTimeZone,
  now = () => new Date(),
  cache = createCatalogueCache(db),
  bookingReads = createBookingReadsCache(),
}: CatalogDeps) {
  async function requireTherapist(therapistId: number) {
    if (!(await repo.activeTherapistExists(db, therapistId))) {
      throw notFound(`Therapist ${therapistId} not found`);
    }
  }

  // Today's date in the clinic, worked out at most once a second: formatting it took more than
  // the rest of a cached /availability-slots answer.
  let known = { at: Number.NaN, date: '' };
  function today() {
    const instant = now();
    if (!(Math.abs(instant.getTime() - known.at) < 1_000)) {
      known = { at: instant.getTime(), date: todayIn(clinicTimeZone, instant) };
    }
    return known.date;
  }

  /** The daily slot templates of the specification, cut from the weekly hours (decision 031). */
  async function listAvailabilitySlots(therapistId?: number) {
    if (therapistId !== undefined) await requireTherapist(therapistId);
    const today = todayIn(clinicTimeZone, now());
    const ids = therapistId !== undefined ? [therapistId] : await repo.listActiveTherapistIds(db);
    const schedules = await loadSchedules(db, ids, { from: today, to: today });
    return ids.flatMap((id) => {
      const schedule = schedules.get(id);
      return schedule ? dailySlotTemplates(id, schedule, today) : [];
    });
  }

  const service = {
    /** The catalogue reads, serialised once per catalogue version (ADR 035). */
    locations: () => cache.answer('locations', () => repo.listLocations(db)),
    services: () => cache.answer('services', () => repo.listServices(db)),
    therapists: () => cache.answer('therapists', () => repo.listActiveTherapists(db)),
    // Today is part of the key: the templates are those of today's weekday and overrides.
    availabilitySlots: (therapistId?: number) =>
      cache.answer(`availability:${therapistId ?? 'all'}:${today()}`, () =>
        listAvailabilitySlots(therapistId),
      ),

    /** Past days are of no use to the wizard, so only today (clinic time) and later are listed. */
    async listBookedSlots(therapistId: number) {
      await requireTherapist(therapistId);
      return repo.listHeldSlots(db, therapistId, todayIn(clinicTimeZone, now()));
    },

    /** The two reads above and below, kept for a second at most (ADR 036). */
    bookedSlots: (therapistId: number) =>
      bookingReads.answer(`booked:${therapistId}:${today()}`, () => service.listBookedSlots(therapistId)),
    // The clock's minute is part of the key: a slot leaves the list when its minute comes.
    openSlots: (query: OpenSlotsQuery) =>
      bookingReads.answer(
        `open:${query.therapist_id}:${query.from ?? ''}:${query.to ?? ''}:${Math.floor(now().getTime() / 60_000)}`,
        () => service.listOpenSlots(query),
      ),

    /**
     * A therapist's open slots from `from` to `to` (both included; by default the booking
     * window from today, or from `from`), by the one open-slot function. Dates before today
     * have none.
     */
    async listOpenSlots(query: OpenSlotsQuery): Promise<SessionSlot[]> {
      const clock = zonedNow(clinicTimeZone, now());
      const from = query.from ?? clock.date;
      const to = query.to ?? addDays(from, OPEN_SLOTS_DEFAULT_DAYS - 1);
      if (to < from) throw badRequest('"to" must not be before "from"');
      if (addDays(from, OPEN_SLOTS_MAX_DAYS - 1) < to) {
        throw badRequest(`"to" must be at most ${OPEN_SLOTS_MAX_DAYS} days from "from" (both included)`);
      }
      await requireTherapist(query.therapist_id);
      const range = { from: from < clock.date ? clock.date : from, to };
      if (range.from > range.to) return [];
      const [schedule, busy] = await Promise.all([
        loadSchedule(db, query.therapist_id, range),
        loadBusyTimes(db, [query.therapist_id], range),
      ]);
      return openSlots(schedule, busy.get(query.therapist_id) ?? [], range, clock);
    },

    async findLocationImageFile(locationId: number) {
      const location = await repo.findLocationImage(db, locationId);
      if (!location?.image_file) throw notFound(`No image for location ${locationId}`);
      return location.image_file;
    },
  };
  return service;
}

export type CatalogService = ReturnType<typeof createCatalogService>;
