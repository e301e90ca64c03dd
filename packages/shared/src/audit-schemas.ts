import * as z from 'zod/mini';
import { positiveId } from './admin-schemas.ts';
import { cursorPageOf, pageQueryShape } from './page-schemas.ts';

/** Wire shapes of the audit log (superadmins; see admin-schemas.ts). */

/** GET /api/admin/audit-log[?limit=&cursor=]: newest first, `limit` 1 to 100 (default 50). */
export const auditLogQuerySchema = z.object(pageQueryShape());
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
export const AUDIT_PAGE_DEFAULT = 50;

/**
 * Who did what, when: sign-ins (and failed ones), cancellations, blocks and unblocks, manual
 * bookings, admin user changes. `details` never holds a password or a client's personal data.
 */
export const auditEntrySchema = z.object({
  id: positiveId,
  /** ISO 8601 instant. */
  at: z.string(),
  actor_admin_id: z.nullable(positiveId),
  /** The admin's e-mail, 'cli', 'system', or the e-mail tried at a failed sign-in. */
  actor_label: z.string(),
  /** e.g. 'admin.login', 'admin.login_failed', 'booking.cancel', 'slot.block', 'slot.unblock', 'booking.manual_create', 'booking.refund', 'booking.refund_failed'. */
  action: z.string(),
  booking_id: z.nullable(positiveId),
  therapist_id: z.nullable(positiveId),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** One page of the audit log, newest first; no total (the log only grows). */
export const auditLogPageSchema = cursorPageOf(auditEntrySchema);
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
