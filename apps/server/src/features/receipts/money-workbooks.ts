import { DOCUMENT_TITLES, type PayoutReport, type Register } from '@therapy/shared/money-papers-schemas';
import type { FastifyReply } from 'fastify';
import writeExcelFile from 'write-excel-file/node';

/** The money papers' spreadsheets: the register of documents and the monthly payouts. */

type Cell = {
  value: string | number;
  type?: typeof String | typeof Number;
  format?: string;
  fontWeight?: 'bold';
} | null;

const text = (value: string | null | undefined): Cell => (value ? { value, type: String } : null);
const money = (value: number): Cell => ({ value, type: Number, format: '#,##0.00' });
const count = (value: number): Cell => ({ value, type: Number });
const heading = (labels: string[]): Cell[] => labels.map((value) => ({ value, fontWeight: 'bold' as const }));

const REGISTER_HEADER = [
  'Number',
  'Date',
  'Kind',
  'Booking',
  'Client state (place of supply)',
  'SAC',
  'Taxable value',
  'Rate %',
  'CGST',
  'SGST',
  'IGST',
  'Total',
  'Linked document',
];

export function registerWorkbook(register: Register) {
  const rows: Cell[][] = register.items.map((row) => [
    text(row.number),
    text(row.date),
    text(DOCUMENT_TITLES[row.kind]),
    count(row.booking_id),
    text(row.client_state),
    text(row.sac),
    money(row.taxable_value),
    count(row.rate_percent),
    money(row.cgst),
    money(row.sgst),
    money(row.igst),
    money(row.total),
    text(row.linked_number),
  ]);
  const { totals } = register;
  const total: Cell[] = [
    { value: 'Total (credit notes subtracted)', fontWeight: 'bold' },
    ...Array<Cell>(5).fill(null),
    money(totals.taxable_value),
    null,
    money(totals.cgst),
    money(totals.sgst),
    money(totals.igst),
    money(totals.total),
    null,
  ];
  return {
    fileName: `Receipts_${register.from}_${register.to}.xlsx`,
    sheet: 'Register',
    data: [heading(REGISTER_HEADER), ...rows, total],
    widths: [18, 12, 16, 10, 24, 10, 14, 8, 12, 12, 12, 14, 18],
  };
}

const PAYOUT_HEADER = [
  'Therapist',
  'Sessions held',
  'No-shows charged',
  'Cancellations',
  'Gross',
  'Clinic share',
  'Therapist share',
];

export function payoutWorkbook(report: PayoutReport) {
  const month = `${report.year}-${String(report.month).padStart(2, '0')}`;
  const rows: Cell[][] = report.items.map((row) => [
    text(row.therapist_name),
    count(row.sessions_held),
    count(row.no_shows_charged),
    count(row.cancellations),
    money(row.gross),
    money(row.clinic_share),
    money(row.therapist_share),
  ]);
  const total: Cell[] = [
    { value: 'Total', fontWeight: 'bold' },
    null,
    null,
    null,
    money(report.totals.gross),
    money(report.totals.clinic_share),
    money(report.totals.therapist_share),
  ];
  return {
    fileName: `Payouts_${month}.xlsx`,
    sheet: 'Payouts',
    data: [heading(PAYOUT_HEADER), ...rows, total],
    widths: [28, 14, 16, 14, 14, 14, 16],
  };
}

/** Sends a workbook as the download. */
export async function sendWorkbook(
  reply: FastifyReply,
  book: { fileName: string; sheet: string; data: Cell[][]; widths: number[] },
) {
  const file = await writeExcelFile(book.data as never, {
    sheet: book.sheet,
    columns: book.widths.map((width) => ({ width })),
  }).toBuffer();
  return (
    reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${book.fileName}"`)
      // A Buffer goes out as it is; the route's schema describes the JSON answer.
      .send(file as never)
  );
}

/** Sends a document's PDF, to open in the browser or save. */
export function sendPdf(reply: FastifyReply, number: string, pdf: Buffer) {
  const name = `${number.replaceAll('/', '-')}.pdf`;
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf as never);
}
