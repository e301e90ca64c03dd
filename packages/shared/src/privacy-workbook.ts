import type { PrivacyExport } from './privacy-schemas.ts';

/**
 * The privacy export as a spreadsheet, one row per booking with its consents (Client_Data.xlsx),
 * then the client's waitlist places, if any.
 * Plain data in write-excel-file's cell shape: the server writes it for `format=xlsx`, the Privacy
 * Desk's browser for its download, so both give the same file.
 */
export type WorkbookCell = {
  value: string | number;
  type?: typeof String | typeof Number;
  format?: string;
  fontWeight?: 'bold';
} | null;
export type PrivacyWorkbook = { fileName: string; sheet: string; data: WorkbookCell[][]; widths: number[] };

const HEADER = [
  'Booking ID',
  'Date',
  'Time',
  'Therapist',
  'Status',
  'Name',
  'E-mail',
  'Mobile',
  'Age',
  'State',
  'City',
  'Note',
  'Parent or guardian',
  'Guardian mobile',
  'Guardian e-mail',
  'Amount',
  'Terms version',
  'Privacy notice version',
  'WhatsApp consent',
  'Language',
  'Consent given',
];

// '@' keeps a spreadsheet from reading a mobile number or an id made of digits as a number.
const text = (value: string | null | undefined): WorkbookCell =>
  value ? { value, type: String, format: '@' } : null;

const WAITLIST_HEADER = [
  'Waitlist entry',
  'Joined',
  'Preferred dates',
  'Therapist',
  'Status',
  'Name',
  'E-mail',
  'Mobile',
  'Age',
  'Times of day',
];

/** The client's waitlist places under the bookings, after an empty row, with their own header. */
function waitlistRows(data: PrivacyExport): WorkbookCell[][] {
  if (data.waitlist_entries.length === 0) return [];
  return [
    [],
    WAITLIST_HEADER.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...data.waitlist_entries.map((entry): WorkbookCell[] => [
      { value: entry.entry_id, type: Number },
      text(entry.joined_at),
      text(entry.preferred_dates.join(', ')),
      text(entry.therapist_name),
      text(entry.status),
      text(entry.client_full_name),
      text(entry.client_email),
      text(entry.client_mobile),
      entry.client_age === null ? null : { value: entry.client_age, type: Number },
      text(entry.times_of_day.join(', ')),
    ]),
  ];
}

/** The session notes (every version) under the waitlist places, with their own header. */
function sessionNoteRows(data: PrivacyExport): WorkbookCell[][] {
  if (data.session_notes.length === 0) return [];
  return [
    [],
    ['Session note of booking', 'Version', 'Saved', 'Note'].map((value) => ({
      value,
      fontWeight: 'bold' as const,
    })),
    ...data.session_notes.map((note): WorkbookCell[] => [
      { value: note.booking_id, type: Number },
      { value: note.version, type: Number },
      text(note.saved_at),
      text(note.text),
    ]),
  ];
}

/** The questionnaires' answers (decision 058) under the notes, one row each. */
function questionnaireRows(data: PrivacyExport): WorkbookCell[][] {
  const forms = data.questionnaires ?? [];
  if (forms.length === 0) return [];
  const list = (answers: (number | null)[]) => answers.map((answer) => answer ?? '-').join(' ');
  return [
    [],
    [
      'Questionnaire of booking',
      'Kind',
      'Sent in',
      'PHQ-9 answers',
      'Difficulty',
      'GAD-7 answers',
      'What brings them',
      'Emergency contact',
      'Consent version',
    ].map((value) => ({ value, fontWeight: 'bold' as const })),
    ...forms.map((form): WorkbookCell[] => [
      { value: form.booking_id, type: Number },
      text(form.kind),
      text(form.submitted_at ?? 'not sent in'),
      text(list(form.answers.phq9)),
      text(form.answers.phq9_difficulty === null ? null : String(form.answers.phq9_difficulty)),
      text(list(form.answers.gad7)),
      text(form.answers.reason),
      text(
        form.answers.emergency_contact
          ? `${form.answers.emergency_contact.name} ${form.answers.emergency_contact.mobile}`
          : null,
      ),
      text(form.consent_version),
    ]),
  ];
}

export function privacyWorkbook(data: PrivacyExport): PrivacyWorkbook {
  const consentOf = new Map(data.consents.map((consent) => [consent.booking_id, consent]));
  return {
    fileName: 'Client_Data.xlsx',
    sheet: 'Client_Data',
    data: [
      HEADER.map((value) => ({ value, fontWeight: 'bold' as const })),
      ...data.bookings.map((booking): WorkbookCell[] => {
        const consent = consentOf.get(booking.booking_id);
        return [
          { value: booking.booking_id, type: Number },
          text(booking.booking_date),
          text(booking.start_time),
          text(booking.therapist_name),
          text(booking.cancelled ? 'CANCELLED' : booking.payment_status),
          text(booking.client_full_name),
          text(booking.client_email),
          text(booking.client_mobile),
          booking.client_age === null ? null : { value: booking.client_age, type: Number },
          text(booking.client_state),
          text(booking.client_city),
          text(booking.client_note),
          text(
            booking.guardian_name ? `${booking.guardian_name} (${booking.guardian_relation ?? ''})` : null,
          ),
          text(booking.guardian_mobile),
          text(booking.guardian_email),
          { value: booking.amount, type: Number, format: '#,##0.00' },
          text(consent?.terms_version),
          text(consent?.notice_version),
          text(consent?.whatsapp_consent ? 'yes' : 'no'),
          text(consent?.client_language),
          text(consent?.given_at),
        ];
      }),
      ...waitlistRows(data),
      ...sessionNoteRows(data),
      ...questionnaireRows(data),
    ],
    widths: [10, 12, 8, 22, 12, 22, 28, 14, 6, 14, 14, 40, 26, 14, 26, 12, 10, 10, 10, 8, 26],
  };
}
