import { GST_STATE_CODES } from '@therapy/shared/gst';
import { amountInHindiWords } from '@therapy/shared/hindi-amount-words';
import { formatPaise } from '@therapy/shared/money';
import { DOCUMENT_TITLES } from '@therapy/shared/money-papers-schemas';
import PDFDocument from 'pdfkit';
import {
  type DocumentLabel,
  type DocumentLanguage,
  fontsFor,
  HINDI_LINES,
  HINDI_TITLES,
  labelIn,
} from './document-labels.ts';
import type { DocumentRow } from './documents-repo.ts';

/**
 * A document as an A4 PDF (pdfkit, decision 057): the clinic, the number and date, the client and
 * place of supply, the therapist and registration number, the service with its SAC, the tax
 * lines, the total in figures and in words, and whether tax applies. In English, or in Hindi
 * beside English (decision 063) when the clinic allows it and the booking was made in Hindi.
 */

export type PdfDocumentFacts = {
  document: DocumentRow;
  /** The credit note's original: its number and date. */
  original?: { number: string; issue_date: string } | undefined;
  /** Read from the booking (null once the client's data was erased). */
  clientName: string | null;
  /** 'hi': Hindi beside English; English otherwise (the default). */
  language?: DocumentLanguage;
};

/** What each part of the page draws with: the document and its language's labels and fonts. */
type Page = { pdf: PDFKit.PDFDocument; language: DocumentLanguage; kind: DocumentRow['kind'] };

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

/** Whether tax applies, in English and (for a document in Hindi) in Hindi. */
function taxLine(document: DocumentRow): { en: string; hi: string } {
  if (document.sac === null) return { en: EXEMPT_LINE, hi: HINDI_LINES.exempt };
  const rate = Number(document.rate_percent);
  return isInterState(document)
    ? {
        en: `GST charged: IGST at ${rate}% (place of supply outside ${document.supplier_state}).`,
        hi: HINDI_LINES.interState(rate, document.supplier_state),
      }
    : {
        en: `GST charged: CGST at ${rate / 2}% and SGST at ${rate / 2}%.`,
        hi: HINDI_LINES.intraState(rate / 2),
      };
}

/** Each line of the figures: label and amount. */
function figureLines(document: DocumentRow, language: DocumentLanguage): [string, string, boolean][] {
  const rate = Number(document.rate_percent);
  const lines: [string, string, boolean][] = [
    [labelIn(language, 'Taxable value'), rupees(document.taxable_paise), false],
  ];
  if (document.sac !== null) {
    if (isInterState(document)) {
      lines.push([`IGST @ ${rate}%`, rupees(document.igst_paise), false]);
    } else {
      lines.push([`CGST @ ${rate / 2}%`, rupees(document.cgst_paise), false]);
      lines.push([`SGST @ ${rate / 2}%`, rupees(document.sgst_paise), false]);
    }
  }
  lines.push([labelIn(language, 'Total'), rupees(document.total_paise), true]);
  return lines;
}

function title({ language }: Page, document: DocumentRow, original: PdfDocumentFacts['original']) {
  const english = original
    ? `${DOCUMENT_TITLES.credit_note} (against ${original.number})`
    : DOCUMENT_TITLES[document.kind];
  if (language === 'en') return english;
  const hindi = original
    ? `${HINDI_TITLES.credit_note} (${HINDI_LINES.against(original.number)})`
    : HINDI_TITLES[document.kind];
  return `${hindi} / ${english}`;
}

/** 'Label: value' in the page's language. */
function field(page: Page, label: DocumentLabel, value: string) {
  page.pdf.text(`${labelIn(page.language, label, page.kind)}: ${value}`);
}

function regular(page: Page, size = 10) {
  return page.pdf.font('regular').fontSize(size);
}

function bold(page: Page, size: number) {
  return page.pdf.font('bold').fontSize(size);
}

function header(page: Page, { document, original }: PdfDocumentFacts) {
  bold(page, 16).text(document.clinic_legal_name || document.clinic_name || 'Clinic');
  regular(page);
  if (
    document.clinic_legal_name &&
    document.clinic_name &&
    document.clinic_legal_name !== document.clinic_name
  ) {
    page.pdf.text(`${labelIn(page.language, 'Trading as')} ${document.clinic_name}`);
  }
  if (document.clinic_address) page.pdf.text(document.clinic_address);
  field(page, 'GSTIN', document.clinic_gstin || 'Not registered');
  field(page, 'State', stateWithCode(document.supplier_state));
  page.pdf.moveDown();
  bold(page, 14).text(title(page, document, original));
  regular(page);
  field(page, 'Number', document.number);
  field(page, 'Date', document.issue_date);
  if (original) field(page, 'Original document', `${original.number} dated ${original.issue_date}`);
  page.pdf.moveDown();
}

function parties(page: Page, { document, clientName }: PdfDocumentFacts) {
  field(page, 'Client', clientName ?? 'Not kept');
  field(page, 'Place of supply', stateWithCode(document.place_of_supply));
  field(page, 'Therapist', document.therapist_name);
  field(page, 'Registration number', document.therapist_registration || 'Not given');
  page.pdf.moveDown();
  field(page, 'Service', document.service_name);
  field(page, 'Session date', document.session_date);
  field(page, 'SAC', document.sac ?? 'Not applicable (exempt)');
  page.pdf.moveDown();
}

/** A sentence: its Hindi first on a document in Hindi, then its English. */
function sentence(page: Page, english: string, hindi: string) {
  if (page.language === 'hi') page.pdf.text(hindi);
  page.pdf.text(english);
}

function figures(page: Page, document: DocumentRow) {
  const { pdf } = page;
  const left = pdf.page.margins.left;
  for (const [label, amount, isTotal] of figureLines(document, page.language)) {
    const y = pdf.y;
    if (isTotal) bold(page, 10);
    else regular(page);
    pdf.text(label, left, y, { width: 250 });
    pdf.text(amount, left + 250, y, { width: 150, align: 'right' });
  }
  regular(page).moveDown();
  pdf.text(`${labelIn(page.language, 'Amount in words')}: ${document.amount_words}`, left);
  if (page.language === 'hi') pdf.text(amountInHindiWords(document.total_paise));
  pdf.moveDown();
  const tax = taxLine(document);
  sentence(page, tax.en, tax.hi);
  if (document.kind === 'credit_note') {
    sentence(
      page,
      'This credit note reverses the original document in full: the amount was given back.',
      HINDI_LINES.creditNote,
    );
  }
  pdf.moveDown();
  regular(page, 8);
  sentence(page, 'Computer-generated document; no signature is required.', HINDI_LINES.noSignature);
}

/** The document's PDF bytes. */
export function renderDocumentPdf(facts: PdfDocumentFacts): Promise<Buffer> {
  const language = facts.language ?? 'en';
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: language === 'hi' ? 'hi-IN' : 'en-IN',
    info: { Title: `${DOCUMENT_TITLES[facts.document.kind]} ${facts.document.number}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  // pdfkit takes a font fontkit parsed (its types know only files and names).
  const fonts = fontsFor(language) as Record<'regular' | 'bold', PDFKit.Mixins.PDFFontSource>;
  pdf.registerFont('regular', fonts.regular);
  pdf.registerFont('bold', fonts.bold);
  const page: Page = { pdf, language, kind: facts.document.kind };
  header(page, facts);
  parties(page, facts);
  figures(page, facts.document);
  pdf.end();
  return done;
}
