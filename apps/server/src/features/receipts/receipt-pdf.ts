import { GST_STATE_CODES } from '@therapy/shared/gst';
import { formatPaise } from '@therapy/shared/money';
import { DOCUMENT_TITLES } from '@therapy/shared/money-papers-schemas';
import PDFDocument from 'pdfkit';
import type { DocumentRow } from './documents-repo.ts';

/**
 * A document as an A4 PDF (pdfkit, decision 057), in English: the clinic, the number and date,
 * the client and place of supply, the therapist and registration number, the service with its
 * SAC, the tax lines, the total in figures and in words, and whether tax applies.
 */

export type PdfDocumentFacts = {
  document: DocumentRow;
  /** The credit note's original: its number and date. */
  original?: { number: string; issue_date: string } | undefined;
  /** Read from the booking (null once the client's data was erased). */
  clientName: string | null;
};

/** The printed amount: 'Rs. 1,500.00' (the PDF's standard fonts have no rupee sign). */
const rupees = (paise: number) => formatPaise(paise).replace('₹', 'Rs. ');

const EXEMPT_LINE =
  'GST not charged: exempt supply of health care services (Notification 12/2017-Central Tax (Rate), entry 74).';

const stateWithCode = (state: string) =>
  state ? `${state}${GST_STATE_CODES[state] ? ` (${GST_STATE_CODES[state]})` : ''}` : 'Not stated';

/** Supplied to another state (IGST): as the document was issued. */
const isInterState = (document: DocumentRow) =>
  document.igst_paise > 0 ||
  (document.supplier_state !== '' && document.place_of_supply !== document.supplier_state);

function taxLine(document: DocumentRow): string {
  if (document.sac === null) return EXEMPT_LINE;
  const rate = Number(document.rate_percent);
  return isInterState(document)
    ? `GST charged: IGST at ${rate}% (place of supply outside ${document.supplier_state}).`
    : `GST charged: CGST at ${rate / 2}% and SGST at ${rate / 2}%.`;
}

/** Each line of the figures: label and amount. */
function figureLines(document: DocumentRow): [string, string][] {
  const rate = Number(document.rate_percent);
  const lines: [string, string][] = [['Taxable value', rupees(document.taxable_paise)]];
  if (document.sac !== null) {
    if (isInterState(document)) {
      lines.push([`IGST @ ${rate}%`, rupees(document.igst_paise)]);
    } else {
      lines.push([`CGST @ ${rate / 2}%`, rupees(document.cgst_paise)]);
      lines.push([`SGST @ ${rate / 2}%`, rupees(document.sgst_paise)]);
    }
  }
  lines.push(['Total', rupees(document.total_paise)]);
  return lines;
}

function title(document: DocumentRow, original: PdfDocumentFacts['original']) {
  if (document.kind !== 'credit_note') return DOCUMENT_TITLES[document.kind];
  return original
    ? `${DOCUMENT_TITLES.credit_note} (against ${original.number})`
    : DOCUMENT_TITLES.credit_note;
}

function header(pdf: PDFKit.PDFDocument, { document, original }: PdfDocumentFacts) {
  pdf
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(document.clinic_legal_name || document.clinic_name || 'Clinic');
  pdf.font('Helvetica').fontSize(10);
  if (
    document.clinic_legal_name &&
    document.clinic_name &&
    document.clinic_legal_name !== document.clinic_name
  ) {
    pdf.text(`Trading as ${document.clinic_name}`);
  }
  if (document.clinic_address) pdf.text(document.clinic_address);
  pdf.text(`GSTIN: ${document.clinic_gstin || 'Not registered'}`);
  pdf.text(`State: ${stateWithCode(document.supplier_state)}`);
  pdf.moveDown();
  pdf.font('Helvetica-Bold').fontSize(14).text(title(document, original));
  pdf.font('Helvetica').fontSize(10);
  pdf.text(`Number: ${document.number}`);
  pdf.text(`Date: ${document.issue_date}`);
  if (original) pdf.text(`Original document: ${original.number} dated ${original.issue_date}`);
  pdf.moveDown();
}

function parties(pdf: PDFKit.PDFDocument, { document, clientName }: PdfDocumentFacts) {
  pdf.text(`Client: ${clientName ?? 'Not kept'}`);
  pdf.text(`Place of supply: ${stateWithCode(document.place_of_supply)}`);
  pdf.text(`Therapist: ${document.therapist_name}`);
  pdf.text(`Registration number: ${document.therapist_registration || 'Not given'}`);
  pdf.moveDown();
  pdf.text(`Service: ${document.service_name}`);
  pdf.text(`Session date: ${document.session_date}`);
  pdf.text(`SAC: ${document.sac ?? 'Not applicable (exempt)'}`);
  pdf.moveDown();
}

function figures(pdf: PDFKit.PDFDocument, document: DocumentRow) {
  const left = pdf.page.margins.left;
  for (const [label, amount] of figureLines(document)) {
    const y = pdf.y;
    pdf.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica');
    pdf.text(label, left, y, { width: 250 });
    pdf.text(amount, left + 250, y, { width: 150, align: 'right' });
  }
  pdf.font('Helvetica').moveDown();
  pdf.text(`Amount in words: ${document.amount_words}`, left);
  pdf.moveDown();
  pdf.text(taxLine(document));
  if (document.kind === 'credit_note') {
    pdf.text('This credit note reverses the original document in full: the amount was given back.');
  }
  pdf.moveDown();
  pdf.fontSize(8).text('Computer-generated document; no signature is required.');
}

/** The document's PDF bytes. */
export function renderDocumentPdf(facts: PdfDocumentFacts): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${DOCUMENT_TITLES[facts.document.kind]} ${facts.document.number}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  header(pdf, facts);
  parties(pdf, facts);
  figures(pdf, facts.document);
  pdf.end();
  return done;
}
