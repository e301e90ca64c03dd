import * as z from 'zod/mini';

/** Every error the API returns has this body (CONTRACT.md). */
export const errorBodySchema = z.object({
  detail: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
