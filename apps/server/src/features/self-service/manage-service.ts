import { normalizeTime, zonedNow } from '@therapy/shared/clinic-time';
import { formatSlotMoment } from '@therapy/shared/display-format';
import type {
  CancelResult,
  ManageView,
  RescheduleRequest,
  RescheduleResult,
} from '@therapy/shared/manage-schemas';
import type { BookingReceipt } from '@therapy/shared/money-papers-schemas';
import type { CancelScope } from '@therapy/shared/series-schemas';
import type { Database, Queryable } from '../../db/database.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import { lockBooking } from '../bookings/bookings-repo.ts';
import type { CancelOutcome } from '../bookings/cancel-booking.ts';
import { cancelInScope } from '../bookings/cancel-series.ts';
import { moveBooking, planMove } from '../bookings/move-booking.ts';
import { findSeriesSessions } from '../bookings/series-repo.ts';
import { readClinicProfile } from '../clinic/clinic-service.ts';
import { type MeasureLinks, measureLinkFor } from '../measures/measure-links.ts';
import { type MeetingUrls, withClientMeetingLink } from '../meetings/meeting-urls.ts';
import { documentPdf, listBookingReceipts, managePdfUrl } from '../receipts/receipts-service.ts';
import { findManageLink, type ManageLinkKey, replaceManageLink } from './manage-link.ts';
import { findManagedBooking, type ManagedBookingRow } from './manage-repo.ts';
import { seriesView } from './manage-series.ts';
import {
  assertMayChange,
  assertNotPassed,
  LINK_NOT_VALID,
  type ManageRules,
  toManageView,
} from './manage-view.ts';

export type ManageDeps = {
  db: Database;
  manageLinkKey: ManageLinkKey;
  clinicTimeZone: string;
  cancellationNoticeHours: number;
  now?: () => Date;
  /** The client's meeting link from the stored room (decision 053); as stored when absent. */
  meetingUrls?: MeetingUrls;
  /** The questionnaire links (decision 058): the view links the one this session brings. */
  measureLinks?: MeasureLinks;
};

/**
 * The client's manage link: see the booking, cancel it, or move it to another open slot of the
 * same therapist, type and centre. Every action re-checks the link, the booking's state and the
 * notice window inside its transaction, with the booking locked (decision 032).
 */
export function createManageService({
  db,
  manageLinkKey,
  clinicTimeZone,
  cancellationNoticeHours,
  now = () => new Date(),
  meetingUrls,
  measureLinks,
}: ManageDeps) {
  const rules: ManageRules = { clinicTimeZone, noticeHours: cancellationNoticeHours };
  const clinicPhone = async (q: Queryable) => (await readClinicProfile(q)).phone || null;

  /** The link's booking, or 404 for a token that opens nothing. */
  async function open(q: Queryable, token: string) {
    const link = await findManageLink(q, token);
    const booking = link && (await findManagedBooking(q, link.booking_id));
    if (!link || !booking || booking.booking_type === 'ADMIN_BLOCK') throw notFound(LINK_NOT_VALID);
    return { link, booking };
  }

  async function viewOf(booking: ManagedBookingRow, current: boolean): Promise<ManageView> {
    const view = toManageView(booking, current, rules, { now: now(), clinicPhone: await clinicPhone(db) });
    const series = seriesView(await findSeriesSessions(db, booking.booking_id));
    const intake = measureLinks && (await measureLinkFor(db, measureLinks, booking.booking_id));
    const withLink = {
      ...view,
      booking: await withClientMeetingLink(meetingUrls, view.booking),
      ...(measureLinks ? { intake_url: intake?.url ?? null } : {}),
    };
    // A single booking's view is as before: `series` only for a session of one.
    return series ? { ...withLink, series } : withLink;
  }

  /** Opens the link under the booking's lock and refuses what it may not do now. */
  async function openForChange(tx: Queryable, token: string) {
    const { link } = await open(tx, token);
    await lockBooking(tx, link.booking_id);
    const { link: locked, booking } = await open(tx, token);
    assertMayChange(booking, locked.current, rules, { now: now(), clinicPhone: await clinicPhone(tx) });
    return booking;
  }

  async function view(token: string): Promise<ManageView> {
    const { link, booking } = await open(db, token);
    assertNotPassed(booking, rules, now());
    return viewOf(booking, link.current);
  }

  /**
   * Cancels the link's session, or (`following`) it and every later session of its series that
   * still holds its time: all of them, in one transaction, each audited (cancel-series.ts).
   */
  async function cancel(token: string, scope: CancelScope = 'this'): Promise<CancelResult> {
    const { bookingId, refunded } = await db.transaction(async (tx) => {
      const booking = await openForChange(tx, token);
      const today = zonedNow(clinicTimeZone, now()).date;
      const outcomes = await cancelInScope(
        tx,
        booking.booking_id,
        { today, by: 'client', scope },
        auditCancel(tx),
      );
      return { bookingId: booking.booking_id, refunded: outcomes.some((outcome) => outcome.needsRefund) };
    });
    const booking = (await findManagedBooking(db, bookingId))!;
    return {
      message: refunded
        ? 'Your booking is cancelled. The amount you paid online is being refunded in full to the way you paid.'
        : 'Your booking is cancelled.',
      refund: refunded ? 'full' : 'none',
      view: await viewOf(booking, true),
    };
  }

  /** The client's own words for a move onto the booking's present time. */
  function assertNewTime(booking: ManagedBookingRow, date: string, startTime: string) {
    if (booking.booking_date === date && booking.booking_time_slot_start === startTime) {
      throw conflict('Your booking is already at this time. Please choose another time.');
    }
  }

  async function reschedule(token: string, request: RescheduleRequest): Promise<RescheduleResult> {
    const startTime = normalizeTime(request.booking_time_slot_start);
    const clock = () => zonedNow(clinicTimeZone, now());
    // A link that may not act is told so first, in the client's words (the notice hours are the
    // client's rule); then the booking module's move, which checks the new time by the wizard's
    // rules and is checked again under the lock.
    const { link, booking: linked } = await open(db, token);
    assertMayChange(linked, link.current, rules, { now: now(), clinicPhone: await clinicPhone(db) });
    assertNewTime(linked, request.booking_date, startTime);
    const target = await planMove(db, linked.booking_id, request, clock());
    const { bookingId, newToken } = await db.transaction(async (tx) => {
      const booking = await openForChange(tx, token);
      assertNewTime(booking, request.booking_date, startTime);
      const moved = await moveBooking(tx, booking.booking_id, target, clock());
      const newToken = await replaceManageLink(tx, manageLinkKey, booking.booking_id);
      await insertAudit(tx, {
        actorAdminId: null,
        actorLabel: 'client',
        action: 'booking.rescheduled',
        bookingId: booking.booking_id,
        therapistId: booking.therapist_id,
        details: { from: moved.from, to: moved.to, sequence: moved.sequence },
      });
      return { bookingId: booking.booking_id, newToken };
    });
    const booking = (await findManagedBooking(db, bookingId))!;
    return {
      message: `Your booking is moved to ${formatSlotMoment(booking.booking_date, booking.booking_time_slot_start)}. We have e-mailed you the new details and a new link to manage it.`,
      manage_token: newToken,
      view: await viewOf(booking, true),
    };
  }

  /** The booking's receipts, invoices and credit notes, each with this link's PDF URL (decision 057). */
  async function receipts(token: string): Promise<BookingReceipt[]> {
    const { booking } = await open(db, token);
    return listBookingReceipts(db, booking.booking_id, (number) => managePdfUrl(token, number));
  }

  /** One of the booking's documents as a PDF; another booking's is 404 like a wrong number. */
  async function receiptPdf(token: string, file: string): Promise<Buffer> {
    const { booking } = await open(db, token);
    return documentPdf(db, file, booking.booking_id);
  }

  return { view, cancel, reschedule, receipts, receiptPdf };
}

export type ManageService = ReturnType<typeof createManageService>;

/** One session cancelled by its client, audited (its online payment, if any, refunded in full). */
function auditCancel(tx: Queryable) {
  return async ({ booking, needsRefund }: CancelOutcome) => {
    await insertAudit(tx, {
      actorAdminId: null,
      actorLabel: 'client',
      action: 'booking.cancelled',
      bookingId: booking.id,
      therapistId: booking.therapist_id,
      details: {
        booking_date: booking.booking_date,
        start_time: booking.booking_time_slot_start,
        previous_payment_status: booking.payment_status,
        ...(needsRefund ? { refund: 'full' } : {}),
      },
    });
  };
}
