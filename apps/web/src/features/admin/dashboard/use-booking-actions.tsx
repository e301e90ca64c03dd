import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { isAdminBlock } from '@therapy/shared/booking-states';
import { useCallback, useState } from 'react';
import { formatAmount, formatDate, formatTime } from '../admin-format';
import { errorMessage } from '../admin-http';
import { useAdminSession } from '../admin-session';
import { type FrontDeskActions, useFrontDeskActions } from '../front-desk/use-front-desk-actions';
import { useConfirm } from '../ui/confirm-dialog';
import { showError, showSuccess } from '../ui/toast-store';
import { cancelBooking, createShareablePaymentLink, refundBooking, updatePaymentLink } from './dashboard-api';

export const COPIED_MESSAGE = 'Payment link copied to clipboard.';

export type BookingActions = {
  cancel: (booking: AdminBooking) => void;
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
};

/**
 * Cancel (or unblock), generate and copy payment links, refund, each confirmed where it destroys
 * something or sends money; results go to the toast region. `onChanged` reloads the lists.
 */
export function useBookingActions(onChanged: () => void) {
  const { confirm, dialog } = useConfirm();
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

  const cancel = useCallback(
    async (booking: AdminBooking) => {
      const id = booking.id ?? booking.booking_id;
      const unblock = isAdminBlock(booking);
      const yes = await confirm(
        unblock
          ? {
              title: 'Unblock slot',
              message: `Are you sure you want to unblock the slot on ${formatDate(booking.booking_date)} at ${formatTime(booking.booking_time_slot_start)}? Clients will be able to book it again.`,
              confirmLabel: 'Unblock',
              tone: 'primary',
            }
          : {
              title: 'Cancel booking',
              message: `Are you sure you want to cancel booking ${id}? This cannot be undone.`,
              confirmLabel: 'Cancel Booking',
              cancelLabel: 'Keep Booking',
            },
      );
      if (!yes) return;
      await run(`cancel:${id}`, async () => {
        try {
          const result = await cancelBooking(id);
          showSuccess(result?.message || `Booking ${id} cancelled successfully.`);
          onChanged();
        } catch (error) {
          showError(errorMessage(error, 'Cancellation failed.'));
        }
      });
    },
    [confirm, run, onChanged],
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
      const client = booking.client_full_name || 'the client';
      const yes = await confirm({
        title: 'Refund payment',
        message: `Refund ${amount} to ${client} for booking ${id}? The whole amount paid online goes back the way it was paid, usually within 5 to 7 working days. This cannot be undone.`,
        confirmLabel: `Refund ${amount}`,
        cancelLabel: 'Not Now',
      });
      if (!yes) return;
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
    [confirm, run, onChanged],
  );

  const frontDesk = useFrontDeskActions(onChanged, { confirm, run, isSuperadmin });

  const actions: BookingActions = {
    frontDesk: frontDesk.frontDesk,
    cancel,
    generateLink,
    copyLink,
    refund: isSuperadmin ? refund : null,
    linkOf,
    busy,
  };
  return {
    actions,
    dialog: (
      <>
        {dialog}
        {frontDesk.dialog}
      </>
    ),
  };
}
