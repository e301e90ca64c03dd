import * as z from 'zod/mini';
import { clientBookingSchema, clientSearchResultSchema } from './admin-client-schemas.ts';
import { adminBookingSchema, adminLocationSchema, adminTherapistSchema } from './admin-schemas.ts';
import { adminDaySlotSchema } from './admin-slot-schemas.ts';
import { auditEntrySchema } from './audit-schemas.ts';

/**
 * The admin calls that answer a list (CONTRACT.md "Admin"): arrays of the shapes in
 * admin-schemas.ts, named once so the web parses each answer with the shape the server sends.
 */
export const adminTherapistListSchema = z.array(adminTherapistSchema);
export const adminLocationListSchema = z.array(adminLocationSchema);
/** GET /api/admin/bookings, /api/admin/therapists/{id}/bookings and /api/admin/calendar. */
export const adminBookingListSchema = z.array(adminBookingSchema);
export const adminDaySlotListSchema = z.array(adminDaySlotSchema);
export const clientBookingListSchema = z.array(clientBookingSchema);
export const clientSearchResultListSchema = z.array(clientSearchResultSchema);
export const auditEntryListSchema = z.array(auditEntrySchema);
