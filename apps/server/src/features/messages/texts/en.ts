/**
 * Every text of the messages to a client (e-mails, calendar invite, WhatsApp fallbacks), in
 * English, word for word as the product has always sent them. `as const` keeps each text's type
 * literal, so catalogue.ts can check each call's {placeholders}; hi.ts must have every key.
 */
export const en = {
  // The lines of the session's details.
  labelReference: 'Booking reference',
  labelTherapist: 'Therapist',
  labelDate: 'Date',
  labelTime: 'Time',
  labelSession: 'Session',
  sessionOnline: 'Online Video Session',
  sessionInPerson: 'In-Person Session',
  labelMeetingLink: 'Meeting link',
  meetingLinkLater: 'sent before the session',
  labelLocation: 'Location',
  labelManage: 'Manage your booking',
  // The questionnaire link (decision 058).
  labelIntake: 'Before your first session, a few questions',
  labelQuestionnaire: 'Before your session, two short questionnaires',
  labelPreviously: 'Previously',
  labelAmount: 'Amount',
  labelAmountPaid: 'Amount paid',
  labelAmountRefunded: 'Amount refunded',
  labelPayment: 'Payment',
  labelRefundReference: 'Refund reference',
  labelPaidBy: 'Paid by',
  labelPaidOn: 'Paid on',
  labelReceiptNumber: 'Receipt number',
  labelPaymentReference: 'Payment reference',
  // CENTRE_PAYMENT_METHOD_LABELS, as the receipt names them.
  methodCash: 'Cash',
  methodCard: 'Card',
  methodUpi: 'UPI',
  methodOther: 'Other',
  timeRange: '{start} – {end} ({zone})',
  moment: '{date} at {time}',
  amountWithPayment: '{amount} (payment {payment})',
  amountAtVisit: '{amount}, collected during your visit',

  greeting: 'Dear {name},',
  greetingNoName: 'Dear client,',
  /** The name WhatsApp's {{1}} shows when the booking has none. */
  nameFallback: 'client',
  noticeRule:
    'You can cancel or reschedule with the link above up to {hours} hours before the session. After that, the full fee is charged; please call the clinic if you cannot attend.',
  joinEarly: 'Open the meeting link a few minutes before the session starts.',
  arriveEarly: 'Please arrive 10 minutes early.',
  inviteAttached: 'A calendar invitation is attached.',
  inviteUpdated: 'An updated calendar invitation is attached.',

  confirmedSubject: 'Booking confirmed: {date} at {time}',
  confirmedIntro: 'Your session with {therapist} is confirmed.',

  reminderSubject: 'Reminder: your session on {date} at {time}',
  reminderIntro: 'This is a reminder of your session with {therapist}.',

  movedSubject: 'Booking moved: now {date} at {time}',
  movedIntro: 'Your session with {therapist} has been moved, as you asked, to {date} at {time}.',
  oldLinkVoid: 'Your earlier link to manage this booking no longer works: please use the one above.',

  cancelledSubject: 'Booking cancelled: {date} at {time}',
  cancelledByClient: 'Your session has been cancelled as you asked.',
  cancelledByClinic:
    'Your session has been cancelled by the clinic. Please contact us if you have any questions, or book another time.',
  cancelledRefund: 'The {amount} you paid online will be refunded in full to the way you paid.',
  bookAgain: 'Book again: {url}',

  refundSubject: 'Refund issued for booking {id}',
  refundIntro:
    'We have refunded the {amount} you paid for your booking {id}; the session will not take place.',
  refundIntroPaidTwice:
    'We have refunded the {amount} you paid online for your booking {id}: it had already been paid at the centre. Your session stays booked.',
  refundTiming:
    'The money goes back to the way you paid (card, UPI, net banking or wallet), usually within 5 to 7 working days; your bank may take a little longer to show it.',
  bookAnother: 'To book another time: {url}',

  receiptSubject: 'Payment receipt for booking {id}',
  receiptIntro: 'Thank you: we have received your payment of {amount} at {location} for your booking {id}.',
  receiptCentre: 'the centre',
  receiptKeep: 'Please keep this e-mail as your receipt.',

  // A standing appointment (decision 056): one confirmation listing its dates, its changes.
  seriesConfirmedSubject: 'Standing appointment confirmed: {count} sessions from {date}',
  seriesConfirmedIntro: 'Your standing appointment with {therapist} is confirmed: {count} sessions.',
  labelSessionOf: 'Session {position} of {count}',
  seriesAwaitingPayment: '{moment} (we e-mail you its payment link before it)',
  seriesPayEach:
    'Each later session is paid on its own: we e-mail you its payment link a few days before it. A session not paid 24 hours before it is released.',
  seriesInviteAttached: 'A calendar invitation with every session is attached.',
  seriesCancelledSubject: 'Standing appointment: {count} sessions cancelled',
  seriesCancelledIntro: 'These sessions of your standing appointment have been cancelled as you asked:',
  seriesCancelledRefund:
    'The {amount} you paid online for them will be refunded in full to the way you paid.',
  payLinkSubject: 'Payment due: your session on {date} at {time}',
  payLinkIntro: 'Your session with {therapist} is held for you. Please pay for it with the link below.',
  labelPayNow: 'Pay now',
  payLinkBy: 'Please pay by {until}: a session not paid by then is released.',
  releasedSubject: 'Session released: {date} at {time}',
  releasedIntro:
    'Your session with {therapist} was not paid 24 hours before it, so it has been released. The other sessions of your standing appointment stay booked.',

  // The calendar invite.
  inviteSummary: 'Therapy session with {therapist}',
  inviteJoin: 'Join: {link}',
  inviteManage: 'Manage your booking: {url}',
  inviteOnline: 'Online',

  // The waitlist's offer (features/waitlist, decision 041).
  waitlistSubject: 'A time has opened with {therapist}',
  waitlistIntro: 'A time has opened with {therapist}, and we are holding it for you.',
  waitlistWhere: 'Where',
  waitlistOnline: 'Online (secure video session)',
  waitlistFee: 'Fee',
  waitlistHeld: 'It is held for you for {minutes} minutes, until {until}.',
  waitlistTake: 'To take it, open this link: {url}',
  waitlistNothing:
    "If you don't want this time, you need do nothing: it will go to the next person waiting, and you stay on the waitlist for your other dates.",
  waitlistHelp: 'In distress? Call Tele-MANAS on {teleManas} or {tollFree} (free, 24×7).',

  // The clinic's signature under every e-mail.
  signaturePhone: 'Phone',
  signatureEmail: 'Email',

  // A therapist's invitation to sign in (decision 052); therapists' messages are in English.
  inviteSubject: 'Your sign-in to {clinic}',
  inviteGreeting: 'Dear {name},',
  inviteIntro:
    '{clinic} invites you to sign in and see your sessions, write your session notes and mark attendance.',
  inviteLink: 'Set your password',
  inviteExpires: 'The link works once, until {until}.',
  inviteIgnore: 'If you did not expect this e-mail, you can ignore it.',
} as const;

/** Another language's catalogue: every English key, so a missing text is a type error. */
export type Catalogue = { readonly [K in keyof typeof en]: string };
