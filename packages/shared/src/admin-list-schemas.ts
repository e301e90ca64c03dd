import * as z from 'zod/mini';
import { adminLocationSchema, adminTherapistSchema } from './admin-schemas.ts';
import { adminDaySlotSchema } from './admin-slot-schemas.ts';

/**
 * The admin calls that answer a whole list because it is bounded by the catalogue, not by the
 * history (therapists, centres, a day's sessions); every list that grows with the bookings is a
 * page (page-schemas.ts, ADR 034).
 */
export const adminTherapistListSchema = z.array(adminTherapistSchema);
export const adminLocationListSchema = z.array(adminLocationSchema);
export const adminDaySlotListSchema = z.array(adminDaySlotSchema);
