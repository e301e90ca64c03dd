import type { AdminTherapist } from '@therapy/shared/admin-schemas';
import type { AdminDaySlot } from '@therapy/shared/admin-slot-schemas';
import { useState } from 'react';
import { formatLongDate } from '../../../lib/format';
import { therapistDisplayName } from '../../../lib/therapist-display';
import { formatTimeRange, shortTime } from '../admin-format';
import { errorMessage } from '../admin-http';
import { useConfirm } from '../ui/confirm-dialog';
import { showError, showSuccess } from '../ui/toast-store';
import { toggleSlotBlock } from './dashboard-api';

/**
 * Block or unblock one of the day panel's slots, after a confirmation; `onChanged` reloads the
 * lists, `onFailed` the slots (the slot may have changed meanwhile).
 */
export function useSlotToggle(
  therapist: AdminTherapist,
  date: string,
  { onChanged, onFailed }: { onChanged: () => void; onFailed: () => void },
) {
  const [busyStart, setBusyStart] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();
  const name = therapistDisplayName(therapist.name);

  const toggle = async (slot: AdminDaySlot) => {
    const range = formatTimeRange(slot.start_time, slot.end_time);
    const unblock = slot.admin_blocked;
    const yes = await confirm({
      title: unblock ? 'Unblock slot' : 'Block slot',
      message: unblock
        ? `Unblock ${range} on ${formatLongDate(date)} for ${name}? Clients will be able to book it again.`
        : `Block ${range} on ${formatLongDate(date)} for ${name}? Clients will not be able to book it.`,
      confirmLabel: unblock ? 'Unblock' : 'Block',
      tone: unblock ? 'primary' : 'danger',
    });
    if (!yes) return;
    setBusyStart(slot.start_time);
    try {
      const result = await toggleSlotBlock({
        therapist_id: therapist.id,
        start_time: shortTime(slot.start_time),
        date,
      });
      showSuccess(result.message);
      onChanged();
    } catch (error) {
      showError(errorMessage(error, `Failed to ${unblock ? 'unblock' : 'block'} the slot.`));
      onFailed();
    } finally {
      setBusyStart(null);
    }
  };
  return { toggle, busyStart, dialog };
}
