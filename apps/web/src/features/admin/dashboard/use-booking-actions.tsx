import type { AdminBooking } from '@therapy/shared/admin-schemas';
import type { CancelScope } from '@therapy/shared/series-schemas';
import { useCallback, useState } from 'react';
import { formatAmount } from '../admin-format';
import { errorMessage } from '../admin-http';
import { useAdminSession } from '../admin-session';
import { type FrontDeskActions, useFrontDeskActions } from '../front-desk/use-front-desk-actions';
import { type ConfirmOptions, useConfirm } from '../ui/confirm-dialog';
import { showError, showSuccess } from '../ui/toast-store';
import { cancelBooking, createShareablePaymentLink, refundBooking, updatePaymentLink } from './dashboard-api';
import { useRowDialogs } from './row-dialogs';

export const COPIED_MESSAGE = 'Payment link copied to clipboard.';

export type BookingActions = {
  /** Cancels (or unblocks); `following`: it and every later session of its series. */
  cancel: (booking: AdminBooking, scope?: CancelScope) => void;
  generateLink: (booking: AdminBooking) => void;
  copyLink: (booking: AdminBooking) => void;
  /** Refunds a booking's online payment: superadmins only (null for other admins). */
  refund: ((booking: AdminBooking) => void) | null;
  /** The booking's payment link: the stored one, or the one just generated. */
  linkOf: (booking: AdminBooking) => string | null;
  /** 'cancel:12', 'link:12', 'refund:12' while that work runs. */
  busy: ReadonlySet<string>;
  /** Payment at the centre and attendance (front-desk/). */
  frontDesk: FrontDeskActions;
  /** Opens the Move dialog. */
  move: (booking: AdminBooking) => void;
  /** Opens "Repeat weekly…": a standing appointment from the booking's slot. */
  repeat: (booking: AdminBooking) => void;
  /** Opens what was sent to the client about the booking. */
  openMessages: (booking: AdminBooking) => void;
  /**
   * Asks the admin first (an action's `confirm`, booking-row-actions.ts): null for no, else the
   * option chosen in its `choice` ('' when it asks none).
   */
  confirm: (options: ConfirmOptions) => Promise<string | null>;
};

/**
 * What the row actions do (booking-row-actions.ts says when each shows and what it asks first):
 * cancel (or unblock), generate and copy payment links, refund, the front desk's, Move and
 * Messages; results go to the toast region. `onChanged` reloads the lists.
 */
export function useBookingActions(onChanged: () => void) {
  const { choose, dialog } = useConfirm();
  const isSuperadmin = useAdminSession((state) => state.user?.is_superadmin ?? false);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [links, setLinks] = useState<Readonly<Record<number, string>>>({});

  const run = useCallback(async (key: string, work: () => Promise<void>) => {
    setBusy((keys) => new Set(keys).add(key));
    try {
      await work();
    } finally {
      setBusy((keys) => {
        const next = new Set(keys);
        next.delete(key);
        return next;
      });
    }
  }, []);

  // Cancel, Unblock, Refund and Undo Payment are confirmed first (booking-row-actions.ts).
  const cancel = useCallback(
    async (booking: AdminBooking, scope?: CancelScope) => {
      const id = booking.id ?? booking.booking_id;
      await run(`cancel:${id}`, async () => {
        try {
          const result = await cancelBooking(id, scope);
          showSuccess(result?.message || `Booking ${id} cancelled successfully.`);
          onChanged();
        } catch (error) {
          showError(errorMessage(error, 'Cancellation failed.'));
        }
      });
    },
    [run, onChanged],
  );

  const generateLink = useCallback(
    async (booking: AdminBooking) => {
      const id = booking.id ?? booking.booking_id;
      if (!id || !(booking.amount > 0)) {
        showError(
          `Booking ${id} is missing required details (price, ID, or transaction ID) to generate a link.`,
        );
        return;
      }
      await run(`link:${id}`, async () => {
        try {
          const answer = await createShareablePaymentLink({
            amount: booking.amount,
            booking_id: id,
            merchant_transaction_id: booking.payment_transaction_id,
          });
          const url = answer?.payment_link_url;
          if (!url) {
            showError('API response did not include a payment link.');
            return;
          }
          await updatePaymentLink(id, url);
          setLinks((current) => ({ ...current, [id]: url }));
          showSuccess(`Payment link generated for booking ${id}.`);
          onChanged();
        } catch (error) {
          showError(errorMessage(error, 'Failed to generate payment link.'));
        }
      });
    },
    [run, onChanged],
  );

  const linkOf = useCallback(
    (booking: AdminBooking) => links[booking.id] ?? booking.payment_link_url ?? null,
    [links],
  );

  const copyLink = useCallback(
    async (booking: AdminBooking) => {
      const url = linkOf(booking);
      if (!url) return;
      try {
        await navigator.clipboard.writeText(url);
        showSuccess(COPIED_MESSAGE);
      } catch {
        showError(`The link could not be copied. Copy it by hand: ${url}`);
      }
    },
    [linkOf],
  );

  const refund = useCallback(
    async (booking: AdminBooking) => {
      const id = booking.id ?? booking.booking_id;
      const amount = formatAmount(booking.refund_amount ?? booking.amount);
      await run(`refund:${id}`, async () => {
        try {
          const result = await refundBooking(id);
          showSuccess(result?.message || `Refund of ${amount} issued for booking ${id}.`);
        } catch (error) {
          showError(errorMessage(error, 'The refund failed. Please try again.'));
        }
        // Refunded, or its failed attempt recorded: either way the lists change.
        onChanged();
      });
    },
    [run, onChanged],
  );

  const frontDesk = useFrontDeskActions(onChanged, { run, isSuperadmin });
  const rowDialogs = useRowDialogs(onChanged);

  const actions: BookingActions = {
    frontDesk: frontDesk.frontDesk,
    cancel,
    generateLink,
    copyLink,
    refund: isSuperadmin ? refund : null,
    linkOf,
    busy,
    move: rowDialogs.move,
    repeat: rowDialogs.repeat,
    openMessages: rowDialogs.openMessages,
    confirm: choose,
  };
  return {
    actions,
    dialog: (
      <>
        {dialog}
        {frontDesk.dialog}
        {rowDialogs.dialog}
      </>
    ),
  };
}
