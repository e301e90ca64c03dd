import { addDays, todayIn } from '@therapy/shared/clinic-time';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { insertAudit } from '../audit/audit-repo.ts';
import { readClinicProfile } from '../clinic/clinic-service.ts';
import { renderCalendarFeed } from './calendar-feed-ics.ts';
import { listFeedSessions } from './calendar-feed-repo.ts';
import {
  type CalendarFeedKey,
  calendarFeedUrl,
  currentFeedToken,
  findFeedTherapist,
  rotateFeedToken,
} from './calendar-feed-token.ts';

/** The feed's window: sessions from this many days back to this many ahead. */
export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 180;

export const FEED_NOT_FOUND =
  'This calendar address no longer works: it was replaced by a new one, or its therapist is no longer active. Ask for the current address in the app.';

export type CalendarFeedDeps = {
  db: Database;
  key: CalendarFeedKey;
  publicUrl: string;
  clinicTimeZone: string;
  now?: () => Date;
};

/** Each therapist's private calendar subscription (issue 25, decision 053). */
export function createCalendarFeedService({
  db,
  key,
  publicUrl,
  clinicTimeZone,
  now = () => new Date(),
}: CalendarFeedDeps) {
  return {
    /** The therapist's feed address (made on first ask). */
    async feedUrl(therapistId: number): Promise<{ url: string }> {
      return { url: calendarFeedUrl(publicUrl, await currentFeedToken(db, key, therapistId)) };
    },

    /** A new address; the old one answers 404 from now on (audited). */
    async rotate(therapistId: number, actor: { adminId: number; label: string }): Promise<{ url: string }> {
      const token = await db.transaction(async (tx) => {
        const token = await rotateFeedToken(tx, key, therapistId);
        await insertAudit(tx, {
          actorAdminId: actor.adminId,
          actorLabel: actor.label,
          therapistId,
          action: 'calendar_feed.rotate',
        });
        return token;
      });
      return { url: calendarFeedUrl(publicUrl, token) };
    },

    /** The feed a token opens, as iCalendar text; 404 for a token rotated away or a therapist let go. */
    async render(token: string): Promise<string> {
      const therapist = await findFeedTherapist(db, token);
      if (!therapist) throw notFound(FEED_NOT_FOUND);
      const instant = now();
      const today = todayIn(clinicTimeZone, instant);
      const sessions = await listFeedSessions(db, therapist.id, {
        from: addDays(today, -FEED_DAYS_BACK),
        to: addDays(today, FEED_DAYS_AHEAD),
      });
      const clinic = await readClinicProfile(db);
      return renderCalendarFeed(sessions, {
        host: new URL(publicUrl).hostname,
        timeZone: clinicTimeZone,
        clinicName: clinic.name || 'Clinic',
        dayUrl: `${publicUrl}/admin`,
        now: instant,
      });
    },
  };
}

export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
