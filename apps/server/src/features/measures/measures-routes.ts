import { errorResponses } from '@therapy/shared/api-errors';
import {
  clientKeyParamsSchema,
  clientMeasuresSchema,
  intakeAnswersSchema,
  intakeResultSchema,
  intakeSavedSchema,
  intakeTokenParamsSchema,
  intakeViewSchema,
} from '@therapy/shared/measures-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, requireTherapist } from '../admin-auth/admin-guard.ts';
import type { RouteRateLimits } from '../rate-limits/register-rate-limits.ts';
import type { ClientMeasuresService } from './client-measures-service.ts';
import type { IntakeService } from './intake-service.ts';

const tags = ['measures'];

/** The client's questionnaire page: no login, the link's token is the key (decision 058). */
export const intakeRoutes: FastifyPluginAsyncZod<{
  intake: IntakeService;
  rateLimits: RouteRateLimits;
}> = async (app, { intake, rateLimits }) => {
  const params = intakeTokenParamsSchema;
  app.get(
    '/api/intake/:token',
    {
      access: 'public',
      config: { rateLimit: rateLimits.lookups },
      schema: {
        tags,
        summary: 'The questions a link asks (intake, or PHQ-9 and GAD-7 again) and what is already answered',
        params,
        response: { 200: intakeViewSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    (request) => intake.view(request.params.token),
  );

  app.put(
    '/api/intake/:token',
    {
      access: 'public',
      config: { rateLimit: rateLimits.lookups },
      schema: {
        tags,
        summary:
          'Keep the answers so far (partial); a PHQ-9 item 9 answer above 0 alerts the therapist at once',
        params,
        body: intakeAnswersSchema,
        response: { 200: intakeSavedSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    (request) => intake.save(request.params.token, request.body),
  );

  app.post(
    '/api/intake/:token',
    {
      access: 'public',
      config: { rateLimit: rateLimits.bookings },
      schema: {
        tags,
        summary: 'Send the answers in: kept, checked complete (422 names the first missing item), and scored',
        params,
        body: intakeAnswersSchema,
        response: { 200: intakeResultSchema, ...errorResponses(400, 404, 410, 422, 429) },
      },
    },
    (request) => intake.submit(request.params.token, request.body),
  );
};

/** The therapist's read of one client's questionnaires (its own clients only). */
export const therapistMeasuresRoutes: FastifyPluginAsyncZod<{ measures: ClientMeasuresService }> = async (
  app,
  { measures },
) => {
  app.get(
    '/api/therapist/clients/:client_key/measures',
    {
      access: 'therapist',
      schema: {
        tags,
        summary:
          "One of its clients' intake and every score over time; the read is audited and clears the risk badge",
        params: clientKeyParamsSchema,
        response: { 200: clientMeasuresSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      measures.read(
        { admin: requireAdmin(request), therapistId: requireTherapist(request).therapistId },
        request.params.client_key,
      ),
  );
};
