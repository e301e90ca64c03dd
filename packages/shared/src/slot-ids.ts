import { toMinutes } from './open-slots.ts';

const MINUTES_PER_DAY = 24 * 60;

/**
 * The id of a therapist's daily slot (the specification's availability slot, decision 031).
 * Slots are cut from weekly hours, not stored, so the id is made from what names the slot: the
 * therapist's id times 1440 plus the start in minutes after midnight. Positive, one per therapist
 * and start time, and the same for as long as the therapist's sessions start then.
 */
export const slotId = (therapistId: number, start: string): number =>
  therapistId * MINUTES_PER_DAY + toMinutes(start);
