import * as z from 'zod/mini';
import { dbIdText } from './schema-limits.ts';

/** Wire shapes of the public catalogue (specification sections 3 and 7). */

const positiveId = z.int().check(z.positive());

/** A therapist's type: 1 online, 2 offline (in person), 3 both (ADR 029). */
export const therapistTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/** Path and query ids arrive as text: plain digits naming a row id, or a 400. */
const queryId = dbIdText;

export const timeOfDay = z.string().check(z.regex(/^\d{2}:\d{2}:\d{2}$/));
export const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));

export const locationSchema = z.object({
  id: positiveId,
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  address: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

export const serviceSchema = z.object({
  id: positiveId,
  name: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

export const therapistSchema = z.object({
  id: positiveId,
  /** 'prefix.Name', e.g. 'Dr.Asha Menon'; shown as the part after the first dot. */
  name: z.string(),
  title: z.string(),
  specialization: z.string(),
  /** Pipe-separated: description | qualifications | experience. */
  bio: z.string(),
  /** Session price in rupees. */
  price: z.number(),
  image_url: z.nullable(z.string()),
  /** 1 online, 2 offline (in person), 3 both (ADR 029). */
  type: therapistTypeSchema,
  /** Ids of the locations an in-person therapist works at. */
  locations: z.array(positiveId),
  offered_service_ids: z.array(positiveId),
});
export type Therapist = z.infer<typeof therapistSchema>;

export const availabilitySlotSchema = z.object({
  id: positiveId,
  therapist_id: positiveId,
  start_time: timeOfDay,
  end_time: timeOfDay,
  is_available: z.boolean(),
  admin_blocked: z.boolean(),
  locationId: z.nullable(positiveId),
});
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;

export const bookedSlotSchema = z.object({
  booking_date: isoDate,
  booking_time_slot_start: timeOfDay,
});
export type BookedSlot = z.infer<typeof bookedSlotSchema>;

export const availabilitySlotsQuerySchema = z.object({
  therapist_id: z.optional(queryId),
});

export const bookedSlotsQuerySchema = z.object({
  therapist_id: queryId,
});

export const locationImageParamsSchema = z.object({
  id: queryId,
});

/**
 * Image names are plain file names: no paths, no hidden files. The demo's are .png; uploaded
 * photos are re-encoded to .webp under a content-hashed name (ADR 029).
 */
export const imageNameSchema = z
  .string()
  .check(
    z.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,100}\.(png|webp)$/, 'must be the name of a .png or .webp image'),
  );
export const specificImageParamsSchema = z.object({
  image_url: imageNameSchema,
});
