import { clinicDate } from './admin-data.ts';
import { serverUrl } from './server.ts';

export const FATIMA_SHEIKH = 5; // in person at location 2 (East Branch)
export const EAST_BRANCH = 2;

export type Slot = { date: string; start: string };

/**
 * Two open slots of Fatima Sheikh at the East Branch on different days, `fromDays` or more ahead
 * (well outside the 24-hour notice window): the booking's, and the one it moves to.
 */
export async function twoOpenDays(fromDays = 3): Promise<[Slot, Slot]> {
  const response = await fetch(`${serverUrl()}/api/open-slots?therapist_id=${FATIMA_SHEIKH}`);
  const slots = (await response.json()) as { date: string; start_time: string; location_id: number }[];
  const open = slots
    .filter((slot) => slot.location_id === EAST_BRANCH && slot.date >= clinicDate(fromDays))
    .map((slot) => ({ date: slot.date, start: slot.start_time.slice(0, 5) }));
  const first = open[0];
  const other = open.find((slot) => first && slot.date > first.date);
  if (!first || !other) throw new Error('Fatima Sheikh has no two open days in the booking window');
  return [first, other];
}
