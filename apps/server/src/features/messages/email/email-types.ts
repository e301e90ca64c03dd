import type { ManageLinkKey } from '../../bookings/manage-token.ts';
import type { NoteCipher } from '../../bookings/note-cipher.ts';
import type { MeasureLinks } from '../../measures/measure-links.ts';
import type { MeetingUrls } from '../../meetings/meeting-urls.ts';
import type { DeliveryListener } from '../log/message-log.ts';
import type { ClientLanguage } from '../texts/catalogue.ts';

/** What the e-mails say of a booking (loaded by notifications-repo.ts). */
export type BookingForEmail = {
  id: number;
  booking_type: 'ONLINE' | 'OFFLINE' | 'ADMIN_BLOCK';
  payment_status: string;
  cancelled: boolean;
  booking_date: string;
  start_time: string;
  end_time: string;
  client_full_name: string | null;
  client_email: string | null;
  client_mobile: string | null;
  client_note: string | null;
  /** A minor's parent or guardian, copied on the confirmation (issue 14). */
  guardian_email: string | null;
  therapist_name: string;
  therapist_email: string | null;
  location_name: string | null;
  location_address: string | null;
  amount_paise: number;
  /** The client's meeting link (with a guest's token under MEETING_PROVIDER=jitsi-jwt). */
  google_meet_link: string | null;
  /** The therapist's own link to the same room (a moderator's token under jitsi-jwt). */
  therapist_meeting_link?: string | null;
  payment_transaction_id: string | null;
  /** A payment was captured online, through the payment provider. */
  paid_online: boolean;
  /** Not cancelled, with a standing payment recorded at the centre: an online payment on top is refunded. */
  paid_at_centre: boolean;
  /** The refund of that payment, once made. */
  refund_id: string | null;
  refund_amount_paise: number | null;
  /** The calendar invite's SEQUENCE: raised by each reschedule and by a cancellation. */
  invite_sequence: number;
  /** Who cancelled it, when cancelled ('client' from the manage link, 'clinic'; null before 0009). */
  cancelled_by: 'client' | 'clinic' | null;
  /** The language of every message to the client (and a guardian copied): bookings.client_language. */
  client_language: ClientLanguage;
  /** The booking's payment link and until when it is held unpaid (a standing appointment's later session). */
  payment_link_url?: string | null;
  hold_expires_at?: Date | null;
  /** The client's manage link (PUBLIC_URL/manage/{token}); set by the handlers for client messages. */
  manage_url?: string;
  /** The questionnaire link this session brings, while unanswered (decision 058): the confirmation and the reminder show it. */
  intake?: { url: string; kind: 'intake' | 'repeat' } | null;
};

export type EmailContext = {
  timeZone: string;
  from: string;
  publicUrl: string;
  productName: string;
  /** Makes the clients' manage links (features/bookings/manage-token.ts). */
  manageLinkKey: ManageLinkKey;
  /** CANCELLATION_NOTICE_HOURS: until when a client may cancel or reschedule themselves. */
  cancellationNoticeHours: number;
  /** Opens the client's note, sealed at rest (decision 038), for the therapist's e-mail. */
  notes: NoteCipher;
  /** The client's and the therapist's meeting links from the stored room (decision 053); as stored when absent. */
  meetingUrls?: MeetingUrls;
  /** Told of each message sent or failed (the metrics, decision 049). */
  onDelivery?: DeliveryListener;
  /** The questionnaire links (features/measures, decision 058); none is shown when absent. */
  measureLinks?: MeasureLinks;
};
