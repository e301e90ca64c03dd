import * as z from 'zod/mini';
import { positiveId } from './admin-schemas.ts';
import { intTextInRange } from './schema-limits.ts';

/** Wire shapes of the audit log (superadmins; see admin-schemas.ts). */

/** GET /api/admin/audit-log[?limit=]: newest first, at most 200 entries. */
export const auditLogQuerySchema = z.object({
  limit: z.optional(intTextInRange(1, 200)),
});

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
