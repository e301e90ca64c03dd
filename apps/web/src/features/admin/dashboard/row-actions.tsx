import type { AdminBooking } from '@therapy/shared/admin-schemas';
import { zonedNow } from '@therapy/shared/clinic-time';
import { clinicTimeZone } from '../../../lib/clinic';
import { clinicToday } from '../admin-format';
import { RowActionButton } from '../ui/row-action-button';
import { BOOKING_ROW_ACTIONS, type RowAction, type RowActionClock } from './booking-row-actions';
import type { BookingActions } from './use-booking-actions';

/** The clinic's day and clock now. */
export function rowActionClock(): RowActionClock {
  return { today: clinicToday(), now: zonedNow(clinicTimeZone()) };
}

/** The actions a booking's row offers now, in their order. */
export function rowActionsOf(
  booking: AdminBooking,
  actions: BookingActions,
  clock: RowActionClock = rowActionClock(),
  only?: readonly string[],
): RowAction[] {
  return BOOKING_ROW_ACTIONS.filter(
    (action) => (!only || only.includes(action.id)) && action.shows(booking, actions, clock),
  );
}

type BookingRowActionsProps = {
  booking: AdminBooking;
  actions: BookingActions;
  /** Only these actions (by id), e.g. the refund notice's Refund. */
  only?: readonly string[];
  /** What shows when no action applies; nothing when left out. */
  none?: string;
};

/**
 * Draws a booking's row actions from their description (booking-row-actions.ts): each asks its
 * confirmation first when it has one, then runs, showing its busy label while its request runs.
 */
export function BookingRowActions({ booking, actions, only, none }: BookingRowActionsProps) {
  const shown = rowActionsOf(booking, actions, rowActionClock(), only);
  if (shown.length === 0) return none ? <span className="muted">{none}</span> : null;
  const perform = async (action: RowAction) => {
    const answer = action.confirm ? await actions.confirm(action.confirm(booking)) : '';
    if (answer === null) return;
    action.run(actions, booking, answer);
  };
  const buttons = shown.map((action) => (
    <RowActionButton
      key={action.id}
      variant={action.variant}
      label={action.label}
      busyLabel={action.busyLabel}
      name={action.name(booking.id)}
      busy={action.busy ? actions.busy.has(`${action.busy}:${booking.id}`) : false}
      onClick={() => void perform(action)}
    />
  ));
  return only?.length === 1 ? buttons[0] : <div className="admin-actions">{buttons}</div>;
}
