import type { AdminDaySlot } from '@therapy/shared/admin-slot-schemas';
import { WAITLIST_OFFER_BADGE } from '@therapy/shared/booking-badges';
import type { ReactNode } from 'react';
import { formatTimeRange } from '../admin-format';
import { Badge } from '../ui/status-badge';
import './day-panel.css';

type SlotState = { label: string; tone: 'success' | 'warning' | 'danger' | 'blocked' | 'neutral' };

/** Booked, blocked or free (specification section 4); past and never-offered slots say so. */
function slotState(slot: AdminDaySlot): SlotState {
  if (slot.is_booked) return { label: 'Booked', tone: 'warning' };
  if (slot.admin_blocked) return { label: 'Blocked', tone: 'blocked' };
  if (slot.is_past) return { label: 'Past', tone: 'neutral' };
  if (!slot.is_available) return { label: 'Unavailable', tone: 'neutral' };
  return { label: 'Free', tone: 'success' };
}

type DaySlotsProps = {
  slots: readonly AdminDaySlot[];
  busyStart: string | null;
  onToggle: (slot: AdminDaySlot) => void;
  /** What a booked slot shows of its booking (the client, Move), once loaded. */
  booked?: (
    slot: AdminDaySlot,
  ) => { client: string | null; waitlistOffer: boolean; actions: ReactNode } | undefined;
};

export function DaySlots({ slots, busyStart, onToggle, booked }: DaySlotsProps) {
  if (slots.length === 0) return <p className="admin-empty">No time slots for this date.</p>;
  return (
    <ul className="admin-slots">
      {slots.map((slot) => {
        const booking = slot.is_booked ? booked?.(slot) : undefined;
        // A time held for a waiting client's offer is not a booking yet.
        const state = booking?.waitlistOffer ? WAITLIST_OFFER_BADGE : slotState(slot);
        const range = formatTimeRange(slot.start_time, slot.end_time);
        const canToggle = !slot.is_past && !slot.is_booked && (slot.admin_blocked || slot.is_available);
        const busy = busyStart === slot.start_time;
        const action = slot.admin_blocked ? 'Unblock' : 'Block';
        return (
          <li key={slot.start_time} className={`admin-slot admin-slot--${state.tone}`}>
            <span className="admin-slot__what">
              <span className="admin-slot__time tabular-nums">{range}</span>
              {booking?.client && <span className="admin-table__secondary">{booking.client}</span>}
            </span>
            <Badge tone={state.tone}>{state.label}</Badge>
            {canToggle && (
              <button
                type="button"
                className="button button--secondary admin-button--small"
                aria-label={`${action} ${range}`}
                aria-busy={busy || undefined}
                disabled={busyStart !== null}
                onClick={() => onToggle(slot)}
              >
                {busy ? `${action === 'Block' ? 'Blocking' : 'Unblocking'}...` : action}
              </button>
            )}
            {booking?.actions}
          </li>
        );
      })}
    </ul>
  );
}
