import type { ChannelBacklog, SystemHealth } from '@therapy/shared/system-schemas';
import type { Translate } from '../../../i18n/use-t';

/*
 * The System screen's sentences (decision 049): each health figure as a message of the 'system'
 * catalogue area, with whether it needs attention. Words and thresholds here, drawing in the page.
 */

export type SystemLine = { key: string; text: string; attention: boolean };

/** A backlog younger than this is "up to date": the worker looks every two seconds. */
const BEHIND_AFTER_SECONDS = 60;
/** Behind by this much needs attention (the suggested alert of docs/operating.md). */
const ATTENTION_AFTER_SECONDS = 10 * 60;

/** "3 minutes", "2 hours": minutes up to two hours, then hours. */
export function duration(seconds: number, t: Translate): string {
  const minutes = Math.floor(seconds / 60);
  return minutes < 120
    ? t('system.duration.minutes', { count: minutes })
    : t('system.duration.hours', { count: Math.floor(minutes / 60) });
}

function channelLine(key: 'email' | 'whatsapp', backlog: ChannelBacklog, t: Translate): SystemLine {
  const age = backlog.oldest_due_seconds ?? 0;
  if (age < BEHIND_AFTER_SECONDS) return { key, text: t(`system.${key}.upToDate`), attention: false };
  return {
    key,
    text: t(`system.${key}.behind`, { duration: duration(age, t) }),
    attention: age >= ATTENTION_AFTER_SECONDS,
  };
}

function jobsLine(health: SystemHealth, t: Translate): SystemLine {
  const backlogs = Object.values(health.outbox);
  const due = backlogs.reduce((sum, backlog) => sum + backlog.due, 0);
  const age = Math.max(0, ...backlogs.map((backlog) => backlog.oldest_due_seconds ?? 0));
  if (age < BEHIND_AFTER_SECONDS) return { key: 'jobs', text: t('system.jobs.upToDate'), attention: false };
  const values = { count: due, duration: duration(age, t) };
  return {
    key: 'jobs',
    text: health.outbox_capped ? t('system.jobs.waitingMany', values) : t('system.jobs.waiting', values),
    attention: age >= ATTENTION_AFTER_SECONDS,
  };
}

function databaseLines({ database }: SystemHealth, t: Translate): SystemLine[] {
  const inUse = { inUse: database.in_use, max: database.max };
  const lines: SystemLine[] = [
    {
      key: 'database',
      text: t(database.backend === 'pglite' ? 'system.database.embedded' : 'system.database.pool', inUse),
      attention: false,
    },
  ];
  if (database.waiting > 0) {
    const text = t('system.database.waiting', { count: database.waiting });
    lines.push({ key: 'database-waiting', text, attention: true });
  }
  return lines;
}

/** Every line of the screen, in reading order. */
export function systemLines(health: SystemHealth, t: Translate): SystemLine[] {
  const failed = health.jobs_failed_last_24h;
  const lines = [
    channelLine('email', health.outbox.email, t),
    channelLine('whatsapp', health.outbox.whatsapp, t),
    jobsLine(health, t),
    failed === 0
      ? { key: 'failed', text: t('system.failed.none'), attention: false }
      : { key: 'failed', text: t('system.failed.some', { count: failed }), attention: true },
  ];
  if (health.jobs_retrying > 0) {
    const text = t('system.retrying', { count: health.jobs_retrying });
    lines.push({ key: 'retrying', text, attention: true });
  }
  lines.push(
    { key: 'holds', text: t('system.holds', { count: health.holds_expired_today }), attention: false },
    {
      key: 'reminders',
      text: t('system.reminders', { count: health.reminders_due_next_hour }),
      attention: false,
    },
  );
  return [...lines, ...databaseLines(health, t)];
}

/** Nothing waiting, nothing failed or failing: the calm summary shown above the lines. */
export function allWell(health: SystemHealth): boolean {
  const nothingDue = Object.values(health.outbox).every((backlog) => backlog.due === 0);
  return nothingDue && health.jobs_failed_last_24h === 0 && health.jobs_retrying === 0;
}
