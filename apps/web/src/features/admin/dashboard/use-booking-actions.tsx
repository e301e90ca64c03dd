import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { useCallback, useState } from 'react';
import { cancelBooking, createShareablePaymentLink, updatePaymentLink } from '../admin-api';
import { formatDate, formatTime } from '../admin-format';
import { errorMessage } from '../admin-http';
import { useConfirm } from '../ui/confirm-dialog';
import { showError, showSuccess } from '../ui/toast-store';

export const COPIED_MESSAGE = 'Payment link copied to clipboard.';

export type BookingActions = {
  cancel: (booking: AdminBooking) => void;
  generateLink: (booking: AdminBooking) => void;
  copyLink: (booking: AdminBooking) => void;
  /** The booking's payment link: the stored one, or the one just generated. */
  linkOf: (booking: AdminBooking) => string | null;
  /** 'cancel:12', 'link:12' while that work runs. */
  busy: ReadonlySet<string>;
};

/**
 * Cancel (or unblock), generate and copy payment links, each confirmed where it destroys
 * something; results go to the toast region. `onChanged` reloads the lists.
 */
export function useBookingActions(onChanged: () => void) {
  const { confirm, dialog } = useConfirm();
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
      const unblock = booking.payment_status === 'BLOCKED';
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

  const actions: BookingActions = { cancel, generateLink, copyLink, linkOf, busy };
  return { actions, dialog };
}
