-- The therapist's and the clinic's e-mails go through the booking's message log too (decision
-- 043): who each message was for (the rows before this were all the client's), and kinds of
-- their own, so a kind of the client's still names the client's message.
ALTER TABLE booking_messages ADD COLUMN recipient text NOT NULL DEFAULT 'client'
  CHECK (recipient IN ('client', 'therapist', 'clinic'));
ALTER TABLE booking_messages DROP CONSTRAINT booking_messages_kind_check;
ALTER TABLE booking_messages ADD CONSTRAINT booking_messages_kind_check CHECK (
  kind IN ('confirmation', 'reminder', 'rescheduled', 'cancelled', 'refund_issued', 'payment_receipt',
    'waitlist_offer', 'therapist_notice', 'therapist_cancelled', 'therapist_rescheduled', 'refund_needed')
);
