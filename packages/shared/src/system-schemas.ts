import * as z from 'zod/mini';

/*
 * GET /api/admin/system (superadmins, decision 049): the few figures that say whether the
 * clinic's background work keeps up, as the System screen shows them in words. The database's
 * figures are the same from every instance; `database` is the answering instance's connections.
 */

/** The jobs of one channel due now and not done, and how long the oldest has waited. */
export const channelBacklogSchema = z.object({
  due: z.int(),
  /** Seconds the oldest has waited; null when none is due. */
  oldest_due_seconds: z.nullable(z.int()),
});
export type ChannelBacklog = z.infer<typeof channelBacklogSchema>;

export const systemHealthSchema = z.object({
  /** When the figures were read (ISO 8601). */
  checked_at: z.string(),
  /** E-mails (the waitlist's offers too), WhatsApp messages, and other work (events, refunds, links). */
  outbox: z.object({
    email: channelBacklogSchema,
    whatsapp: channelBacklogSchema,
    other: channelBacklogSchema,
  }),
  /** More jobs are due than were counted (10,000): the counts mean "at least". */
  outbox_capped: z.boolean(),
  /** Jobs that failed and will be tried again. */
  jobs_retrying: z.int(),
  /** Jobs that used their last attempt in the past 24 hours. */
  jobs_failed_last_24h: z.int(),
  /** Unpaid holds that ran out since the clinic's midnight. */
  holds_expired_today: z.int(),
  /** Reminders (e-mail and WhatsApp) due within the hour, or overdue. */
  reminders_due_next_hour: z.int(),
  /** This instance's database connections: PGlite has one. */
  database: z.object({
    backend: z.enum(['pglite', 'postgres']),
    in_use: z.int(),
    max: z.int(),
    waiting: z.int(),
  }),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;
