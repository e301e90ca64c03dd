import * as z from 'zod/mini';
import { positiveId } from './admin-schemas.ts';

/*
 * Wire shapes of a therapist's own calls (`/api/therapist/…`, CONTRACT.md "Therapists, standing
 * appointments, money papers, measures"; decision 052). A therapist's login sends its bearer token
 * as an administrator does; every admin call answers it 403, and another therapist's booking 404.
 */

/** GET /api/therapist/me: the signed-in therapist's login and the therapist it is tied to. */
export const therapistMeSchema = z.object({
  username: z.string(),
  therapist_id: positiveId,
  therapist_name: z.string(),
});
export type TherapistMe = z.infer<typeof therapistMeSchema>;
