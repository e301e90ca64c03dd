import type { DocumentKind } from '@therapy/shared/money-papers-schemas';
import type { Queryable } from '../../db/database.ts';

/** SQL of the money papers: the tables money_documents and document_counters (migration 0025). */

export type Series = 'receipt' | 'credit_note';

/** What a document prints about its booking, as the records say at the moment it is issued. */
export type IssueFacts = {
  booking_id: number;
  session_date: string;
  client_state: string | null;
  therapist_id: number;
  therapist_name: string;
  therapist_registration: string;
  service_name: string | null;
  tax_rate_percent: number | null;
  tax_sac: string | null;
  clinic_name: string | null;
  clinic_legal_name: string | null;
  clinic_address: string | null;
  clinic_gstin: string | null;
  clinic_state: string | null;
  receipt_prefix: string | null;
  credit_note_prefix: string | null;
};

export async function readIssueFacts(db: Queryable, bookingId: number): Promise<IssueFacts | undefined> {
  const { rows } = await db.query<IssueFacts>(
    `SELECT b.id AS booking_id, b.booking_date AS session_date, b.client_state, b.therapist_id,
       t.name AS therapist_name, t.registration_number AS therapist_registration,
       s.name AS service_name, s.tax_rate_percent, s.tax_sac,
       c.name AS clinic_name, c.legal_name AS clinic_legal_name, c.address AS clinic_address,
       c.gstin AS clinic_gstin, c.state AS clinic_state, c.receipt_prefix, c.credit_note_prefix
     FROM bookings b
     JOIN therapists t ON t.id = b.therapist_id
     LEFT JOIN services s ON s.id = b.service_id
     LEFT JOIN clinic_profile c ON true
     WHERE b.id = $1`,
    [bookingId],
  );
  return rows[0];
}

/**
 * The next serial of a series in a financial year: the counter row is created or raised in the
 * caller's transaction and stays locked until it ends. Another server's payment waits here; a
 * rollback undoes the raise, so no number is lost or used twice.
 */
export async function takeSerial(tx: Queryable, series: Series, financialYear: string): Promise<number> {
  const { rows } = await tx.query<{ last_serial: number }>(
    `INSERT INTO document_counters (series, financial_year, last_serial) VALUES ($1, $2, 1)
     ON CONFLICT (series, financial_year) DO UPDATE SET last_serial = document_counters.last_serial + 1
     RETURNING last_serial`,
    [series, financialYear],
  );
  return rows[0]!.last_serial;
}

export type DocumentRow = {
  id: number;
  series: Series;
  financial_year: string;
  serial: number;
  number: string;
  kind: DocumentKind;
  source: string;
  booking_id: number;
  original_id: number | null;
  issue_date: string;
  supplier_state: string;
  place_of_supply: string;
  sac: string | null;
  rate_percent: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  amount_words: string;
  clinic_name: string;
  clinic_legal_name: string;
  clinic_address: string;
  clinic_gstin: string;
  therapist_id: number;
  therapist_name: string;
  therapist_registration: string;
  service_name: string;
  session_date: string;
};

export type NewDocument = Omit<DocumentRow, 'id'>;

const COLUMNS = [
  'series',
  'financial_year',
  'serial',
  'number',
  'kind',
  'source',
  'booking_id',
  'original_id',
  'issue_date',
  'supplier_state',
  'place_of_supply',
  'sac',
  'rate_percent',
  'taxable_paise',
  'cgst_paise',
  'sgst_paise',
  'igst_paise',
  'total_paise',
  'amount_words',
  'clinic_name',
  'clinic_legal_name',
  'clinic_address',
  'clinic_gstin',
  'therapist_id',
  'therapist_name',
  'therapist_registration',
  'service_name',
  'session_date',
] as const satisfies readonly (keyof NewDocument)[];

const SELECT = `SELECT id, ${COLUMNS.join(', ')} FROM money_documents`;

export async function insertDocument(tx: Queryable, document: NewDocument): Promise<DocumentRow> {
  const { rows } = await tx.query<DocumentRow>(
    `INSERT INTO money_documents (${COLUMNS.join(', ')})
     VALUES (${COLUMNS.map((_, index) => `$${index + 1}`).join(', ')})
     RETURNING id, ${COLUMNS.join(', ')}`,
    COLUMNS.map((column) => document[column]),
  );
  return rows[0]!;
}

export async function findBySource(db: Queryable, source: string): Promise<DocumentRow | undefined> {
  const { rows } = await db.query<DocumentRow>(`${SELECT} WHERE source = $1`, [source]);
  return rows[0];
}

/** What the credit notes of a document have given back so far, in paise. */
export async function creditedPaise(db: Queryable, originalId: number): Promise<number> {
  const { rows } = await db.query<{ credited: number }>(
    'SELECT COALESCE(sum(total_paise), 0)::bigint AS credited FROM money_documents WHERE original_id = $1',
    [originalId],
  );
  return Number(rows[0]?.credited ?? 0);
}

/** A booking's documents, oldest first (a booking has a handful at most; bounded all the same). */
export async function listForBooking(db: Queryable, bookingId: number): Promise<DocumentRow[]> {
  const { rows } = await db.query<DocumentRow>(`${SELECT} WHERE booking_id = $1 ORDER BY id LIMIT 100`, [
    bookingId,
  ]);
  return rows;
}

export async function findByNumber(db: Queryable, number: string): Promise<DocumentRow | undefined> {
  const { rows } = await db.query<DocumentRow>(`${SELECT} WHERE number = $1`, [number]);
  return rows[0];
}

export async function findById(db: Queryable, id: number): Promise<DocumentRow | undefined> {
  const { rows } = await db.query<DocumentRow>(`${SELECT} WHERE id = $1`, [id]);
  return rows[0];
}

export type RegisterDocumentRow = DocumentRow & { linked_number: string | null };

/** The documents issued from `from` to `to` (both included), in number order within each day. */
export async function listRegister(
  db: Queryable,
  range: { from: string; to: string },
  limit: number,
): Promise<RegisterDocumentRow[]> {
  const { rows } = await db.query<RegisterDocumentRow>(
    `SELECT d.*, o.number AS linked_number
     FROM money_documents d LEFT JOIN money_documents o ON o.id = d.original_id
     WHERE d.issue_date >= $1::date AND d.issue_date <= $2::date
     ORDER BY d.issue_date, d.series DESC, d.serial
     LIMIT $3`,
    [range.from, range.to, limit],
  );
  return rows;
}

/**
 * What a PDF reads from its booking when it is made: the client's name (read live: erased with
 * the client's data, decision 039) and the language it is printed in, Hindi only when the clinic
 * allows documents in the client's language and the booking was made in Hindi (decision 063).
 */
export async function findPrintFacts(
  db: Queryable,
  bookingId: number,
): Promise<{ clientName: string | null; language: 'en' | 'hi' }> {
  const { rows } = await db.query<{ client_full_name: string | null; in_hindi: boolean }>(
    `SELECT b.client_full_name,
       (b.client_language = 'hi' AND COALESCE(c.documents_in_client_language, false)) AS in_hindi
     FROM bookings b LEFT JOIN clinic_profile c ON true
     WHERE b.id = $1`,
    [bookingId],
  );
  return { clientName: rows[0]?.client_full_name ?? null, language: rows[0]?.in_hindi ? 'hi' : 'en' };
}
