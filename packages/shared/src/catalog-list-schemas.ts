import * as z from 'zod/mini';
import { locationSchema, serviceSchema, therapistSchema } from './catalog-schemas.ts';
import { openSlotSchema } from './schedule-schemas.ts';

/**
 * The public catalogue's answers (specification section 3) and the open slots: arrays of the
 * shapes in catalog-schemas.ts and schedule-schemas.ts, named once so the web parses each answer
 * with the shape the server sends.
 */
export const locationListSchema = z.array(locationSchema);
export const serviceListSchema = z.array(serviceSchema);
export const therapistListSchema = z.array(therapistSchema);
/** GET /api/open-slots: the wizard's dated slots. */
export const openSlotListSchema = z.array(openSlotSchema);
