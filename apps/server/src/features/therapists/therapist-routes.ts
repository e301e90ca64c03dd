import { errorResponses } from '@therapy/shared/api-errors';
import { attendanceRequestSchema, attendanceResultSchema } from '@therapy/shared/front-desk-schemas';
import {
  sessionNoteRequestSchema,
  sessionNoteSchema,
  therapistMeSchema,
  therapistSessionParamsSchema,
  therapistSessionsQuerySchema,
  therapistSessionsSchema,
} from '@therapy/shared/therapist-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { requireAdmin, requireTherapist } from '../admin-auth/admin-guard.ts';
import { findTherapistLogin } from './therapist-repo.ts';
import type { TherapistActor, TherapistService } from './therapist-service.ts';

const tags = ['therapist'];
const errors = errorResponses(400, 401, 403, 404, 409);

/** A therapist's own calls (decision 052): each declares access 'therapist'. */
export const therapistRoutes: FastifyPluginAsyncZod<{ db: Database; therapist: TherapistService }> = async (
  app,
  { db, therapist },
) => {
  const actorOf = (request: Parameters<typeof requireAdmin>[0]): TherapistActor => ({
    admin: requireAdmin(request),
    therapistId: requireTherapist(request).therapistId,
  });

  app.get(
    '/api/therapist/me',
    {
      access: 'therapist',
      schema: {
        tags,
        summary: "The signed-in therapist's login and the therapist it is tied to",
        response: { 200: therapistMeSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { adminId, therapistId } = requireTherapist(request);
      const login = (await findTherapistLogin(db, adminId, therapistId))!;
      return { username: login.email, therapist_id: therapistId, therapist_name: login.name };
    },
  );

  app.get(
    '/api/therapist/sessions',
    {
      access: 'therapist',
      schema: {
        tags,
        summary:
          "The therapist's confirmed sessions from `from` to `to` (clinic dates, at most 42 days), by start",
        querystring: therapistSessionsQuerySchema,
        response: { 200: therapistSessionsSchema, ...errors },
      },
    },
    (request) => therapist.listSessions(requireTherapist(request).therapistId, request.query),
  );

  app.post(
    '/api/therapist/sessions/:booking_id/attendance',
    {
      access: 'therapist',
      schema: {
        tags,
        summary: 'Mark one of its started sessions Attended or No-show (the front desk’s rule)',
        params: therapistSessionParamsSchema,
        body: attendanceRequestSchema,
        response: { 200: attendanceResultSchema, ...errors },
      },
    },
    (request) => therapist.markAttendance(actorOf(request), request.params.booking_id, request.body.status),
  );

  registerNoteRoutes(app, therapist, actorOf);
};

/** GET and PUT of a session's note: the author's only, each read audited, each save a version. */
function registerNoteRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  therapist: TherapistService,
  actorOf: (request: Parameters<typeof requireAdmin>[0]) => TherapistActor,
) {
  app.get(
    '/api/therapist/sessions/:booking_id/note',
    {
      access: 'therapist',
      schema: {
        tags,
        summary: 'Its note on one of its sessions (latest version); every read is audited',
        params: therapistSessionParamsSchema,
        response: { 200: sessionNoteSchema, ...errors },
      },
    },
    (request) => therapist.readNote(actorOf(request), request.params.booking_id),
  );

  app.put(
    '/api/therapist/sessions/:booking_id/note',
    {
      access: 'therapist',
      schema: {
        tags,
        summary: 'Save its note on one of its sessions (up to 20,000 characters) as a new version',
        params: therapistSessionParamsSchema,
        body: sessionNoteRequestSchema,
        response: { 200: sessionNoteSchema, ...errors },
      },
    },
    (request) => therapist.saveNote(actorOf(request), request.params.booking_id, request.body.text),
  );
}
