import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { NoteCipher } from '../bookings/note-cipher.ts';
import type { SeriesLimits } from '../bookings/series-service.ts';
import { adminActionsRoutes } from './admin-actions-routes.ts';
import { createAdminActionsService } from './admin-actions-service.ts';
import { adminViewsRoutes } from './admin-views-routes.ts';
import { createAdminViewsService } from './admin-views-service.ts';
import { frontDeskRoutes } from './front-desk-routes.ts';
import { createFrontDeskService } from './front-desk-service.ts';

/**
 * Every administrators' call but sign-in (admin-auth). Needs the admin guard of
 * admin-auth/admin-guard.ts on the root instance (setUpAdminAuth), which checks token and role.
 */
export const adminRoutes: FastifyPluginAsync<{
  db: Database;
  clinicTimeZone: string;
  now?: () => Date;
  /** Client notes are sealed at rest (decision 038). */
  notes: NoteCipher;
  /** SERIES_MAX_SESSIONS, SERIES_PAY_AHEAD_HOURS: the manual booking's "Repeat weekly" (decision 055). */
  series?: SeriesLimits;
}> = async (app, deps) => {
  const views = createAdminViewsService(deps);
  await app.register(adminViewsRoutes, { views });
  await app.register(adminActionsRoutes, { actions: createAdminActionsService(deps) });
  const frontDesk = createFrontDeskService({ ...deps, readBooking: views.getBooking });
  await app.register(frontDeskRoutes, { frontDesk });
};
