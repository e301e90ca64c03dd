import { createTherapistInvites, INVITE_TOKEN_PURPOSE } from './features/admin-auth/therapist-invites.ts';
import { createClientMeasuresService } from './features/measures/client-measures-service.ts';
import { therapistMeasuresRoutes } from './features/measures/measures-routes.ts';
import { configuredMeetingUrls } from './features/meetings/meeting-provider.ts';
import {
  adminLeaveRequestRoutes,
  therapistLeaveRequestRoutes,
} from './features/schedules/leave-requests-routes.ts';
import { createLeaveRequestService } from './features/schedules/leave-requests-service.ts';
import { inviteRoutes } from './features/therapists/invite-routes.ts';
import { therapistRoutes } from './features/therapists/therapist-routes.ts';
import { createTherapistService } from './features/therapists/therapist-service.ts';
import type { RouteContext } from './route-context.ts';

/** A therapist's own day, notes, leave and invitation (decisions 052, 053), and the leave desk. */
export async function registerTherapistWorkRoutes({
  app,
  config,
  db,
  now,
  notes,
  measureLinks,
}: Pick<RouteContext, 'app' | 'config' | 'db' | 'now' | 'notes' | 'measureLinks'>) {
  const leaveRequests = createLeaveRequestService({ db, clinicTimeZone: config.clinicTimeZone, now });
  await app.register(adminLeaveRequestRoutes, { leaveRequests });
  await app.register(therapistLeaveRequestRoutes, { leaveRequests });
  // A client's questionnaires, for its therapist only (decision 058).
  const measures = createClientMeasuresService({ db, notes, key: measureLinks.key });
  const therapist = createTherapistService({
    db,
    clinicTimeZone: config.clinicTimeZone,
    now,
    notes,
    meetingUrls: configuredMeetingUrls(config),
    measures,
  });
  await app.register(therapistRoutes, { db, therapist });
  await app.register(therapistMeasuresRoutes, { measures });
  await app.register(inviteRoutes, {
    invites: createTherapistInvites({ db, sealer: notes.forPurpose(INVITE_TOKEN_PURPOSE), now }),
  });
}
