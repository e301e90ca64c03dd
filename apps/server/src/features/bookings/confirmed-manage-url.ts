import { isConfirmedSession } from '@therapy/shared/booking-states';
import type { Queryable } from '../../db/database.ts';
import type { BookingConfirmationRow } from './booking-confirmation.ts';
import { currentManageToken, type ManageLinkKey, manageUrl } from './manage-token.ts';

export type ManageLinks = {
  key: ManageLinkKey;
  publicUrl: string;
  /**
   * The questionnaire link a confirmed booking brings, or null (features/measures, handed in by the
   * composition root: this module sits below it, decision 058). Absent: none is shown.
   */
  intakeUrl?: (db: Queryable, bookingId: number) => Promise<string | null>;
};

/**
 * The manage link the status page shows: only for a confirmed booking (paid, or in person to be
 * paid at the visit), never for one awaiting payment, failed or cancelled.
 */
export async function confirmedManageUrl(
  db: Queryable,
  links: ManageLinks,
  row: Pick<BookingConfirmationRow, 'booking_id' | 'booking_type' | 'payment_status' | 'cancelled'>,
): Promise<string | null> {
  if (!isConfirmedSession(row)) return null;
  return manageUrl(links.publicUrl, await currentManageToken(db, links.key, row.booking_id));
}

/** The questionnaire link the status page shows beside the manage link: only for a confirmed booking. */
export async function confirmedIntakeUrl(
  db: Queryable,
  links: ManageLinks,
  row: Pick<BookingConfirmationRow, 'booking_id' | 'booking_type' | 'payment_status' | 'cancelled'>,
): Promise<string | null> {
  if (!isConfirmedSession(row) || !links.intakeUrl) return null;
  return links.intakeUrl(db, row.booking_id);
}
