import type { Database, Queryable } from '../../db/database.ts';
import type { JobRow } from '../jobs/job-kinds.ts';
import { enqueueJobOf } from '../jobs/jobs-repo.ts';

/*
 * What happened to a booking, announced by the booking module in the transaction of the change
 * (decision 043). An announcement is a job of the event's kind (the jobs table), so it is lost
 * only if the change is, and its dedupe key keeps a replayed change from announcing twice. The
 * worker hands it to the subscribers (the reactions of messages, meetings, payments: listed at
 * the composition root), which write their own jobs, each with its dedupe key: a reaction retried
 * after a crash writes nothing twice. The booking module knows none of its subscribers.
 */

/** Every booking event, by kind, with what the reactions need (stored as JSON: names stay). */
export type BookingEvents = {
  /**
   * Confirmed: paid online, made in person, by the front desk, or a waitlist offer taken in person.
   * `meeting_link_missing`: an online session whose meeting link is still to be made.
   */
  'booking.confirmed': { booking_id: number; meeting_link_missing: boolean };
  /**
   * Moved to another slot; `sequence` is its invite_sequence after the move, `from_*` where it was
   * (now free). `therapist_id`: absent from events announced before it was added.
   */
  'booking.moved': {
    booking_id: number;
    sequence: number;
    from_date: string;
    from_start_time: string;
    therapist_id?: number;
  };
  /**
   * Cancelled by its client or the clinic. `refund`: none due; 'automatic', refunded in full by a
   * job (a client's cancellation of a booking paid online); 'by_clinic', the clinic must refund it.
   * `therapist_id` (whose slot is free): absent from events announced before it was added.
   */
  'booking.cancelled': {
    booking_id: number;
    by: 'client' | 'clinic';
    refund: 'none' | 'automatic' | 'by_clinic';
    therapist_id?: number;
    /**
     * The sessions of a standing appointment cancelled together with it ("this and every later
     * one", decision 056), first the one asked for: the e-mails tell of them all at once.
     */
    together?: number[];
  };
  /**
   * A payment came outside the online confirmation: at the centre (`centre_payment_id`, the
   * receipt's record), or online for a booking that will not take place (`refund_needed`).
   */
  'booking.paid': { booking_id: number; centre_payment_id: number | null; refund_needed: boolean };
  /** The provider accepted a refund (`refund_id`: a later refund is another event). */
  'booking.refunded': { booking_id: number; refund_id: string };
  /**
   * A slot freed without a cancellation: an unpaid hold ran out or its payment failed (FAILED), or
   * an admin block was lifted. The therapist's slot (`booking_date`, `start_time` 'HH:MM:SS') is
   * free; `released_at` (ISO) tells one release of a booking from another.
   */
  'booking.released': {
    booking_id: number;
    therapist_id: number;
    booking_date: string;
    start_time: string;
    released_at: string;
  };
};

export type BookingEventKind = keyof BookingEvents;

export type BookingEvent = { [K in BookingEventKind]: { kind: K } & BookingEvents[K] }[BookingEventKind];

export const BOOKING_EVENT_KINDS = [
  'booking.confirmed',
  'booking.moved',
  'booking.cancelled',
  'booking.paid',
  'booking.refunded',
  'booking.released',
] as const satisfies readonly BookingEventKind[];

/** Once per change: a replayed webhook or a retried request announces nothing new. */
function dedupeKeyOf(event: BookingEvent): string {
  const id = event.booking_id;
  switch (event.kind) {
    case 'booking.moved':
      return `${event.kind}:${id}:${event.sequence}`;
    case 'booking.paid':
      return `${event.kind}:${id}:${event.centre_payment_id === null ? 'refund' : `centre-${event.centre_payment_id}`}`;
    case 'booking.refunded':
      return `${event.kind}:${id}:${event.refund_id}`;
    case 'booking.released':
      // A hold taken again (hold-again.ts) may run out again: each lapse is news.
      return `${event.kind}:${id}:${event.released_at}`;
    default:
      return `${event.kind}:${id}`;
  }
}

/** Announces what happened, in the caller's transaction (the change's own). */
export async function announce(tx: Queryable, event: BookingEvent) {
  const { kind, ...payload } = event;
  await enqueueJobOf<BookingEvents>(tx, { kind, payload, dedupeKey: dedupeKeyOf(event) });
}

/** One reaction: what it does on the events it cares for, in the dispatch's transaction. */
export type BookingSubscriber = {
  name: string;
  on: { [K in BookingEventKind]?: (tx: Queryable, event: BookingEvents[K]) => Promise<void> };
};

/** Runs every subscriber of the event in one transaction (all their jobs, or none). */
export async function dispatch<K extends BookingEventKind>(
  tx: Queryable,
  subscribers: readonly BookingSubscriber[],
  kind: K,
  event: BookingEvents[K],
) {
  for (const subscriber of subscribers) {
    const reaction = subscriber.on[kind] as
      | ((tx: Queryable, event: BookingEvents[K]) => Promise<void>)
      | undefined;
    await reaction?.(tx, event);
  }
}

export type BookingEventHandlers = {
  [K in BookingEventKind]: (payload: BookingEvents[K], job: JobRow) => Promise<void>;
};

/** The worker's handlers of the event jobs: the composition root gives the subscribers. */
export function createBookingEventHandlers(
  db: Database,
  subscribers: readonly BookingSubscriber[],
): BookingEventHandlers {
  const handler =
    <K extends BookingEventKind>(kind: K) =>
    (payload: BookingEvents[K]) =>
      db.transaction((tx) => dispatch(tx, subscribers, kind, payload));
  return {
    'booking.confirmed': handler('booking.confirmed'),
    'booking.moved': handler('booking.moved'),
    'booking.cancelled': handler('booking.cancelled'),
    'booking.paid': handler('booking.paid'),
    'booking.refunded': handler('booking.refunded'),
    'booking.released': handler('booking.released'),
  };
}
