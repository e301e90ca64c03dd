import type { Queryable } from '../../../db/database.ts';
import { scrubLogText } from '../../../http/log-redaction.ts';

/*
 * The log of messages sent about a booking (booking_messages): the client's, and the therapist's
 * and the clinic's e-mails (decision 043), and the guard that
 * sends each at most once. The row is written and committed ('sending') before the message goes
 * out; a retry that finds it 'sending' (a crash, or a lease that ran out, between sending and
 * recording) does not send again and records 'unknown'. Only a send that failed for certain
 * ('failed': the mail server or WhatsApp refused it) is tried again.
 */

export type MessageKind =
  | 'confirmation'
  | 'reminder'
  | 'rescheduled'
  | 'cancelled'
  | 'refund_issued'
  | 'payment_receipt'
  /** A waiting client is offered the time this booking holds for them (decision 041). */
  | 'waitlist_offer'
  /** The therapist's notice of a new booking, of its cancellation, of its move. */
  | 'therapist_notice'
  | 'therapist_cancelled'
  | 'therapist_rescheduled'
  /** The clinic is told a refund must be made. */
  | 'refund_needed';
/** Who a message was for: the admin's list of a booking's messages shows the client's. */
export type MessageRecipient = 'client' | 'therapist' | 'clinic';
export type MessageChannel = 'email' | 'whatsapp';

export type LoggedMessage = {
  bookingId: number;
  kind: MessageKind;
  channel: MessageChannel;
  /** Once per key (one per job is usual: `${kind}:${job id}`). */
  dedupeKey: string;
  /** What it was about ('24h' for a reminder); never client data. */
  detail?: string;
  /** The client unless said. */
  recipient?: MessageRecipient;
};

export type DeliveryOutcome = 'sent' | 'already_sent' | 'unknown';

/**
 * Told of each message that went out or failed to, as its outcome is recorded (the metrics count
 * them): the channel and kind only, never whom it was for.
 */
export type DeliveryListener = (
  message: Pick<LoggedMessage, 'channel' | 'kind'>,
  outcome: 'sent' | 'failed',
) => void;

/** Claims the right to send: true if this attempt may send. */
async function claimSend(db: Queryable, message: LoggedMessage): Promise<boolean> {
  const { rows } = await db.query<{ status: string }>(
    `INSERT INTO booking_messages (booking_id, kind, channel, dedupe_key, status, detail, recipient)
     VALUES ($1, $2, $3, $4, 'sending', $5, $6)
     ON CONFLICT (dedupe_key) DO UPDATE SET
       status = CASE WHEN booking_messages.status = 'failed' THEN 'sending'
                     WHEN booking_messages.status = 'sending' THEN 'unknown'
                     ELSE booking_messages.status END,
       attempts = booking_messages.attempts + (booking_messages.status = 'failed')::int,
       updated_at = now()
     RETURNING status`,
    [
      message.bookingId,
      message.kind,
      message.channel,
      message.dedupeKey,
      message.detail ?? null,
      message.recipient ?? 'client',
    ],
  );
  // 'sending' now: either newly written, or a certain failure being retried.
  return rows[0]?.status === 'sending';
}

/**
 * Records the outcome; `detail` is the message's own (a reminder's offset), followed on a failure
 * by its reason, so a retry that goes through no longer shows the old reason.
 */
async function record(db: Queryable, message: LoggedMessage, status: 'sent' | 'failed', error?: string) {
  // A mail server's refusal may quote the address: masked, as in the log.
  const reason = error === undefined ? undefined : scrubLogText(error).slice(0, 300);
  const detail = [message.detail, reason].filter(Boolean).join(': ') || null;
  await db.query(
    `UPDATE booking_messages SET status = $2, detail = $3, updated_at = now() WHERE dedupe_key = $1`,
    [message.dedupeKey, status, detail],
  );
}

/**
 * Sends `message` through `send` at most once per dedupe key, recording the outcome (and telling
 * `onDelivery`). A failed send is recorded and rethrown (the job retries it). `db` must not be
 * inside a transaction: the claim has to be committed before the message goes out.
 */
export async function deliverOnce(
  db: Queryable,
  message: LoggedMessage,
  send: () => Promise<void>,
  onDelivery?: DeliveryListener,
): Promise<DeliveryOutcome> {
  if (!(await claimSend(db, message))) {
    const { rows } = await db.query<{ status: string }>(
      'SELECT status FROM booking_messages WHERE dedupe_key = $1',
      [message.dedupeKey],
    );
    return rows[0]?.status === 'sent' ? 'already_sent' : 'unknown';
  }
  try {
    await send();
  } catch (error) {
    await record(db, message, 'failed', error instanceof Error ? error.message : String(error));
    onDelivery?.(message, 'failed');
    throw error;
  }
  await record(db, message, 'sent');
  onDelivery?.(message, 'sent');
  return 'sent';
}
