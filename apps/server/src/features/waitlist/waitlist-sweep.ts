import { normalizeTime, zonedNow } from '@therapy/shared/clinic-time';
import { openSlots, type SessionSlot } from '@therapy/shared/open-slots';
import { lastBookableDate } from '@therapy/shared/slot-rules';
import { slotSuitsWish } from '@therapy/shared/waitlist-rules';
import { type Database, isDatabaseError, UNIQUE_VIOLATION } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { lockTherapistSchedule } from '../bookings/bookings-repo.ts';
import { expireUnpaidHolds } from '../bookings/expire-holds.ts';
import { checkWaitlistHold, holdSlotForWaitlist, isSlotGone } from '../bookings/waitlist-hold.ts';
import { enqueueJob } from '../jobs/jobs-repo.ts';
import { loadBusyTimes, loadSchedule } from '../schedules/schedule-reads.ts';
import { hashOfferToken, newOfferSalt, offerToken, type WaitlistKey } from './offer-token.ts';
import * as repo from './waitlist-sweep-repo.ts';

/*
 * The matching sweep (decision 041), run by the job worker each pass after the unpaid holds'. For
 * therapists with someone waiting it computes the open slots as GET /api/open-slots does, and
 * offers each one to the first entry (join order) it suits and was not offered to before: the held
 * booking, the offer and its e-mail's job in one transaction. Two workers at once cannot offer one
 * slot twice (the bookings' exclusion constraint) nor one person two slots (entries locked with
 * SKIP LOCKED, and the unique index of open offers). Every loop is bounded.
 */

export type WaitlistSweepDeps = {
  clinicTimeZone: string;
  offerMinutes: number;
  key: WaitlistKey;
  /** Told when slots were taken for offers: the kept slot answers are dropped (ADR 036). */
  onOffered?: () => void;
  /** Therapists looked at in one pass; the next pass goes on after the last one. */
  therapistsPerPass?: number;
  /** Entries of one therapist considered in one pass (the first of the line). */
  entriesPerTherapist?: number;
  /** Offers tried (held or refused) per therapist in one pass. */
  attemptsPerTherapist?: number;
  /** The worker's passes come every few seconds (and back to back in a burst): this sweep rests between. */
  minIntervalMs?: number;
};

type Attempt = 'offered' | 'slot-gone' | 'entry-skipped';

/** The client as the held booking records them: as they joined the line. */
function heldClient(client: repo.EntryClient) {
  return {
    fullName: client.client_full_name,
    email: client.client_email,
    mobile: client.client_mobile,
    age: client.client_age,
    whatsappConsent: client.whatsapp_consent,
    language: client.client_language,
    guardian: client.guardian_name
      ? {
          name: client.guardian_name,
          relation: client.guardian_relation ?? '',
          mobile: client.guardian_mobile ?? '',
          email: client.guardian_email ?? '',
        }
      : null,
  };
}

const consentOf = (client: repo.EntryClient) => ({
  termsId: client.terms_document_id,
  noticeId: client.notice_document_id,
  at: new Date(client.consented_at),
});

/** One offer in one transaction: the entry locked, the slot held, the offer and its e-mail's job. */
async function tryOffer(
  db: Database,
  deps: WaitlistSweepDeps,
  therapistId: number,
  entry: repo.WaitingEntry,
  slot: SessionSlot,
  at: Date,
): Promise<Attempt> {
  const request = {
    therapistId,
    bookingType: entry.booking_type,
    bookingDate: slot.date,
    startTime: normalizeTime(slot.start_time),
    locationId: entry.booking_type === 'ONLINE' ? null : entry.location_id,
    serviceId: entry.service_id,
  };
  try {
    const checked = await checkWaitlistHold(db, { request, now: at, clinicTimeZone: deps.clinicTimeZone });
    return await db.transaction(async (tx): Promise<Attempt> => {
      // One offer of this therapist's at a time, across workers: the entry a worker finds first
      // in the line is never overtaken by a later one another worker holds a slot for meanwhile.
      await lockTherapistSchedule(tx, therapistId);
      const client = await repo.lockWaitingEntry(tx, entry.id);
      if (!client) return 'entry-skipped';
      const hold = { request, client: heldClient(client), consent: consentOf(client), now: at };
      const { bookingId, holdExpiresAt } = await holdSlotForWaitlist(
        tx,
        { ...hold, holdMinutes: deps.offerMinutes, clinicTimeZone: deps.clinicTimeZone },
        checked,
      );
      const salt = newOfferSalt();
      const offerId = await repo.insertOffer(tx, {
        entryId: entry.id,
        bookingId,
        date: slot.date,
        start: slot.start_time,
        tokenHash: hashOfferToken(offerToken(deps.key, salt)),
        salt,
        at,
        expiresAt: holdExpiresAt,
      });
      await enqueueJob(tx, {
        kind: 'waitlist.offer',
        payload: { offer_id: offerId },
        dedupeKey: `waitlist-offer:${offerId}`,
      });
      // Its own job, as for bookings: a WhatsApp failure is retried and never holds the e-mail back.
      await enqueueJob(tx, {
        kind: 'whatsapp.waitlist_offer',
        payload: { offer_id: offerId },
        dedupeKey: `whatsapp-waitlist-offer:${offerId}`,
      });
      return 'offered';
    });
  } catch (error) {
    if (isSlotGone(error)) return 'slot-gone';
    // The wish no longer fits (service or place withdrawn), or another worker gave this entry an
    // offer meanwhile (the open-offer index): this entry waits for another pass.
    if (error instanceof AppError || isDatabaseError(error, UNIQUE_VIOLATION)) return 'entry-skipped';
    throw error;
  }
}

/**
 * Offers this therapist's open slots to their line; answers how many offers were made (none, at
 * once, when nobody waits). The sweep's turn, and a freed slot's job (waitlist-jobs.ts) at once.
 */
export async function offerTherapistSlots(
  db: Database,
  deps: WaitlistSweepDeps,
  therapistId: number,
  at: Date,
) {
  const entries = await repo.waitingEntries(db, therapistId, deps.entriesPerTherapist ?? 200);
  if (entries.length === 0) return 0;
  const clock = zonedNow(deps.clinicTimeZone, at);
  const lastDate = entries.reduce(
    (last, entry) => (entry.last_date > last ? entry.last_date : last),
    clock.date,
  );
  // Never more than the booking window (the dates were checked on joining).
  const windowEnd = lastBookableDate(clock.date);
  const range = { from: clock.date, to: lastDate < windowEnd ? lastDate : windowEnd };
  const [schedule, busy, offeredBefore] = await Promise.all([
    loadSchedule(db, therapistId, range),
    loadBusyTimes(db, [therapistId], range),
    repo.offeredSlots(
      db,
      entries.map((entry) => entry.id),
    ),
  ]);
  const slots = openSlots(schedule, busy.get(therapistId) ?? [], range, clock);
  const done = new Set<number>();
  let offered = 0;
  let attempts = deps.attemptsPerTherapist ?? 20;
  for (const slot of slots) {
    for (const entry of entries) {
      if (attempts <= 0) return offered;
      if (done.has(entry.id) || !slotSuitsWish(slot, entry)) continue;
      if (offeredBefore.has(`${entry.id}:${slot.date}:${slot.start_time}`)) continue;
      attempts -= 1;
      const result = await tryOffer(db, deps, therapistId, entry, slot, at);
      if (result === 'slot-gone') break;
      done.add(entry.id);
      if (result === 'offered') {
        offered += 1;
        break;
      }
    }
  }
  return offered;
}

/** One pass of the waitlist: settle offers, expire entries, offer open slots. */
export function waitlistSweep(db: Database, deps: WaitlistSweepDeps) {
  let afterTherapist = 0;
  let lastRun = Number.NEGATIVE_INFINITY;
  const minIntervalMs = deps.minIntervalMs ?? 5_000;
  return {
    name: 'waitlist offers made',
    async run(at: Date): Promise<number> {
      if (Math.abs(at.getTime() - lastRun) < minIntervalMs) return 0;
      lastRun = at.getTime();
      // Holds that ran out give their slot back first, so this pass can offer it to the next person.
      await expireUnpaidHolds(db, at);
      await repo.settleOffers(db, at);
      await repo.expireEntries(db, zonedNow(deps.clinicTimeZone, at).date, at);
      const limit = deps.therapistsPerPass ?? 20;
      let therapists = await repo.therapistsWithWaiting(db, afterTherapist, limit);
      if (therapists.length === 0 && afterTherapist > 0) {
        afterTherapist = 0;
        therapists = await repo.therapistsWithWaiting(db, 0, limit);
      }
      afterTherapist = therapists.length < limit ? 0 : therapists.at(-1)!;
      let offered = 0;
      for (const therapistId of therapists) offered += await offerTherapistSlots(db, deps, therapistId, at);
      if (offered > 0) deps.onOffered?.();
      return offered;
    },
  };
}
