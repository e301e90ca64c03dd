import {
  type ConsentDocument,
  PRIVACY_NOTICE_VERSION,
  TERMS_VERSION,
} from '@therapy/shared/consent-versions';
import type { Queryable } from '../../db/database.ts';

/** The rows of the versions the site shows now, by id: what a visitor's booking records (decision 040). */
export type CurrentConsents = { termsId: number; noticeId: number };

/**
 * Adds a row for each version the site shows now, unless it is there already (safe with several
 * servers starting at once), and answers their ids. An older version's row stays as it was.
 */
export async function ensureConsentDocuments(
  db: Queryable,
  documents: { terms: ConsentDocument; notice: ConsentDocument } = {
    terms: TERMS_VERSION,
    notice: PRIVACY_NOTICE_VERSION,
  },
): Promise<CurrentConsents> {
  return {
    termsId: await ensureConsentDocument(db, documents.terms),
    noticeId: await ensureConsentDocument(db, documents.notice),
  };
}

/** One version's row (added unless there already), by id: also the intake's consent to therapy (decision 058). */
export async function ensureConsentDocument(db: Queryable, document: ConsentDocument): Promise<number> {
  await db.query(
    `INSERT INTO consent_documents (kind, version, published_on) VALUES ($1, $2, $3)
     ON CONFLICT (kind, version) DO NOTHING`,
    [document.kind, document.version, document.published],
  );
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM consent_documents WHERE kind = $1 AND version = $2',
    [document.kind, document.version],
  );
  return rows[0]!.id;
}
