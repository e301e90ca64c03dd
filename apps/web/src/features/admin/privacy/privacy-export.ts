import type { PrivacyExport } from '@therapy/shared/privacy-schemas';
import type { Workbook } from '../reports/report-export';

/** The export as a spreadsheet: one row per booking, with its consents (Client_Data.xlsx). */
export function privacyWorkbook(data: PrivacyExport): Workbook {
  const header = [
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
    'Amount',
    'Terms accepted',
    'WhatsApp consent',
    'Language',
    'Booked at',
  ].map((value) => ({ value, fontWeight: 'bold' as const }));
  const text = (value: string | null | undefined) => (value ? { value, type: String, format: '@' } : null);
  const consentOf = new Map(data.consents.map((consent) => [consent.booking_id, consent]));
  return {
    fileName: 'Client_Data.xlsx',
    sheet: 'Client_Data',
    data: [
      header,
      ...data.bookings.map((booking) => {
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
          { value: booking.amount, type: Number, format: '#,##0.00' },
          text(consent?.terms_accepted ? 'yes' : 'no'),
          text(consent?.whatsapp_consent ? 'yes' : 'no'),
          text(consent?.client_language),
          text(booking.created_at),
        ];
      }),
    ],
    widths: [10, 12, 8, 22, 12, 22, 28, 14, 6, 14, 14, 40, 12, 10, 10, 8, 24],
  };
}
