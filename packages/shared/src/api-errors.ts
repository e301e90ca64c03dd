import * as z from 'zod/mini';

/** Every error the API returns has this body (CONTRACT.md). */
export const errorBodySchema = z.object({
  detail: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The error answers a route declares for OpenAPI, each with the `{"detail"}` body. */
export function errorResponses<Status extends number>(...statuses: Status[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    Status,
    typeof errorBodySchema
  >;
}
