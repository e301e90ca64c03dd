import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../../db/database.ts';
import { JOB_CHANNELS, readHealthFigures } from './health-figures.ts';

/*
 * The gauges set at each scrape: the health figures (health-figures.ts, from the database, the
 * same from every instance) and this instance's database connections.
 */

const POOL_FIGURES = [
  ['max', 'Connections the pool may open (PGlite: its one connection)'],
  ['total', 'Connections open'],
  ['idle', 'Connections open and idle'],
  ['waiting', 'Calls waiting for a connection'],
] as const;

export function defineScrapeGauges(registers: Registry[]) {
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Gauge<L>({ name, help, labelNames, registers });
  const databaseUp = gauge(
    'therapy_database_up',
    'Whether the last scrape could read the database (1) or not (0)',
  );
  const jobsDue = gauge('therapy_jobs_due', 'Jobs due now and not done, by kind', ['kind']);
  const oldestDue = gauge(
    'therapy_jobs_oldest_due_age_seconds',
    'How long the oldest job due has waited, by channel (email, whatsapp, other); 0 when none',
    ['channel'],
  );
  const retrying = gauge('therapy_jobs_retrying', 'Jobs that failed and will be tried again');
  const failedLastDay = gauge(
    'therapy_jobs_failed_last_24h',
    'Jobs that used their last attempt in 24 hours',
  );
  const holdsToday = gauge(
    'therapy_holds_expired_today',
    "Unpaid holds that ran out since the clinic's midnight",
  );
  const remindersDue = gauge(
    'therapy_reminders_due_next_hour',
    'Reminders due within the next hour or overdue',
  );
  const fromDatabase = [jobsDue, oldestDue, retrying, failedLastDay, holdsToday, remindersDue];
  const pool = POOL_FIGURES.map(
    ([figure, help]) => [figure, gauge(`therapy_db_pool_${figure}`, help, ['backend'])] as const,
  );

  return {
    /** Sets every gauge; when the database cannot be read, its gauges are left out (up = 0). */
    async refresh(db: Database, at: { now: Date; clinicTimeZone: string }): Promise<unknown> {
      const use = db.poolUse();
      for (const [figure, series] of pool) series.set({ backend: db.kind }, use[figure]);
      for (const series of fromDatabase) series.reset();
      try {
        const figures = await readHealthFigures(db, at);
        for (const { kind, due } of figures.dueByKind) jobsDue.set({ kind }, due);
        for (const channel of JOB_CHANNELS) {
          oldestDue.set({ channel }, figures.byChannel[channel].oldestDueSeconds ?? 0);
        }
        retrying.set(figures.jobsRetrying);
        failedLastDay.set(figures.jobsFailedLastDay);
        holdsToday.set(figures.holdsExpiredToday);
        remindersDue.set(figures.remindersDueNextHour);
        databaseUp.set(1);
        return undefined;
      } catch (error) {
        for (const series of fromDatabase) series.reset();
        databaseUp.set(0);
        return error;
      }
    },
  };
}
