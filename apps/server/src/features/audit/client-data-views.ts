import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { insertAudit } from './audit-repo.ts';

/**
 * The admin reads (and a therapist's own sessions, decision 052) that show clients' personal data, by route, with the name the audit log gives
 * them (issue 14: every admin view or export of a client's data is audited). The privacy desk's
 * export audits itself, with its request.
 */
const CLIENT_DATA_VIEWS: Readonly<Record<string, string>> = {
  '/api/admin/bookings': 'bookings',
  '/api/admin/bookings/:id': 'booking',
  '/api/admin/bookings/:id/messages': 'booking messages',
  '/api/admin/bookings/outside-schedule': 'outside schedule',
  '/api/admin/therapists/:id/bookings': 'therapist bookings',
  '/api/admin/therapists/:id/slots': 'therapist day',
  '/api/admin/calendar': 'calendar month',
  '/api/admin/calendar/day': 'calendar day',
  '/api/admin/clients-with-therapists': 'clients',
  '/api/admin/search-clients': 'client search',
  '/api/admin/reports/eod': 'end of day report',
  '/api/admin/reports/inventory': 'inventory report',
  '/api/admin/income': 'income',
  '/api/admin/waitlist': 'waitlist',
  '/api/therapist/sessions': 'therapist sessions',
};

/**
 * Before each successful read of client data by an admin goes out, an audit entry: who, which
 * view, when, and the booking for a single booking's view. Never the query (a search holds a
 * client's name) nor the answer. Written before the answer leaves, so no data is shown unaudited:
 * if the entry cannot be written, the admin gets the error instead of the data.
 */
export function auditClientDataViews(app: FastifyInstance, db: Queryable) {
  // A callback hook: the public reads (most requests) pass without a promise (ADR 036).
  app.addHook('onSend', (request, reply, payload, done) => {
    const view = request.method === 'GET' ? CLIENT_DATA_VIEWS[request.routeOptions.url ?? ''] : undefined;
    if (!view || reply.statusCode !== 200 || !request.admin) return done(null, payload);
    const id = (request.params as { id?: unknown }).id;
    const bookingId = view === 'booking' || view === 'booking messages' ? Number(id) : null;
    insertAudit(db, {
      actorAdminId: request.admin.id,
      actorLabel: request.admin.email,
      action: 'client_data.view',
      bookingId: Number.isSafeInteger(bookingId) ? bookingId : null,
      details: { view },
    }).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
}
