import * as z from 'zod/mini';
import {
  availabilitySlotSchema,
  bookedSlotSchema,
  locationSchema,
  serviceSchema,
  therapistSchema,
} from './catalog-schemas.ts';

/**
 * The public catalogue's answers (specification section 3): arrays of the shapes in
 * catalog-schemas.ts, named once so the web parses each answer with the shape the server sends.
 */
export const locationListSchema = z.array(locationSchema);
export const serviceListSchema = z.array(serviceSchema);
export const therapistListSchema = z.array(therapistSchema);
export const availabilitySlotListSchema = z.array(availabilitySlotSchema);
export const bookedSlotListSchema = z.array(bookedSlotSchema);
