import { clinicInstant, todayIn } from '@therapy/shared/clinic-time';
import type { Queryable } from '../../db/database.ts';
import { countHoldsExpiredBetween } from '../bookings/expire-holds.ts';
import type { JobKind } from '../jobs/job-kinds.ts';
import { countJobsDueWithin, dueJobsByKind, failedJobCounts, JOB_COUNT_CAP } from '../jobs/jobs-repo.ts';

/*
 * The few figures that say whether the clinic's background work keeps up (decision 049), read from
 * the database: the same from every instance. GET /metrics reports them as gauges, and the
 * superadmin's System screen (GET /api/admin/system) in words. Each query is bounded.
 */

/** What a job sends: e-mails, WhatsApp messages, or other work (events, refunds, links). */
export type JobChannel = 'email' | 'whatsapp' | 'other';
export const JOB_CHANNELS: readonly JobChannel[] = ['email', 'whatsapp', 'other'];

/** The waitlist's offer is an e-mail too. */
export function channelOfKind(kind: string): JobChannel {
  if (kind.startsWith('email.') || kind === 'waitlist.offer') return 'email';
  if (kind.startsWith('whatsapp.')) return 'whatsapp';
  return 'other';
}

const REMINDER_KINDS: readonly JobKind[] = ['email.reminder', 'whatsapp.reminder'];

export type ChannelBacklog = { due: number; oldestDueSeconds: number | null };

export type HealthFigures = {
  /** Jobs due now and not done, by kind (each kind present at least once). */
  dueByKind: { kind: string; due: number }[];
  byChannel: Record<JobChannel, ChannelBacklog>;
  /** More jobs are due than were counted (JOB_COUNT_CAP): the counts say "at least". */
  dueCapped: boolean;
  /** Jobs that failed and will be tried again. */
  jobsRetrying: number;
  /** Jobs that used their last attempt in the past 24 hours. */
  jobsFailedLastDay: number;
  /** Unpaid holds that ran out since the clinic's midnight (by the app's clock, as holds are). */
  holdsExpiredToday: number;
  /** Reminders (e-mail and WhatsApp) due within the next hour, or overdue. */
  remindersDueNextHour: number;
};

/**
 * Reads every figure, one query after another (a gentle load on a small pool). The jobs' figures
 * go by the database's clock, as the worker does; the holds' by the app's (`now`), as holds do.
 */
export async function readHealthFigures(
  db: Queryable,
  { now, clinicTimeZone }: { now: Date; clinicTimeZone: string },
): Promise<HealthFigures> {
  const due = await dueJobsByKind(db);
  const failed = await failedJobCounts(db, 24);
  const midnight = clinicInstant(clinicTimeZone, todayIn(clinicTimeZone, now), '00:00');
  const holdsExpiredToday = await countHoldsExpiredBetween(db, midnight, now, JOB_COUNT_CAP);
  const remindersDueNextHour = await countJobsDueWithin(db, REMINDER_KINDS, 3600);

  const byChannel = Object.fromEntries(
    JOB_CHANNELS.map((channel) => [channel, { due: 0, oldestDueSeconds: null }]),
  ) as Record<JobChannel, ChannelBacklog>;
  for (const { kind, due: count, oldestAgeSeconds } of due.kinds) {
    const backlog = byChannel[channelOfKind(kind)];
    backlog.due += count;
    backlog.oldestDueSeconds = Math.max(backlog.oldestDueSeconds ?? 0, oldestAgeSeconds);
  }
  return {
    dueByKind: due.kinds.map(({ kind, due: count }) => ({ kind, due: count })),
    byChannel,
    dueCapped: due.capped,
    jobsRetrying: failed.retrying,
    jobsFailedLastDay: failed.gaveUp,
    holdsExpiredToday,
    remindersDueNextHour,
  };
}
