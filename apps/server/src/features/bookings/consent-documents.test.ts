import { PRIVACY_NOTICE_VERSION, TERMS_VERSION } from '@therapy/shared/consent-versions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_TEST_NOW, offlineBooking } from '../../test/booking-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { backends, createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';
import { ensureConsentDocuments } from './consent-documents.ts';

/** Issue 14: each booking records which terms and privacy notice its client accepted, and when. */
describe.each(backends)('consent versions on %s', (backend) => {
  let db: TestDatabase;
  let app: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    await loadDemoData(db, { now: BOOKING_TEST_NOW });
    app = await createTestApp(db, { now: () => BOOKING_TEST_NOW });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const consentOf = async (id: number) =>
    (
      await db.query<{ terms: string; notice: string; consented_at: Date }>(
        `SELECT td.version AS terms, nd.version AS notice, b.consented_at FROM bookings b
         JOIN consent_documents td ON td.id = b.terms_document_id
         JOIN consent_documents nd ON nd.id = b.notice_document_id WHERE b.id = $1`,
        [id],
      )
    ).rows[0];

  it('records the versions shown now and the moment the visitor accepted them', async () => {
    const booked = await app.app.inject({
      method: 'POST',
      url: '/confirm-booking',
      payload: offlineBooking(),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const consent = await consentOf(booked.json().booking_id);
    expect(consent).toEqual({
      terms: TERMS_VERSION.version,
      notice: PRIVACY_NOTICE_VERSION.version,
      consented_at: BOOKING_TEST_NOW,
    });
  });

  it('adds a new version as a new row, leaves the old one and its bookings as they were', async () => {
    const before = await ensureConsentDocuments(db);
    const next = await ensureConsentDocuments(db, {
      terms: TERMS_VERSION,
      notice: { kind: 'privacy_notice', version: '3', published: '2027-01-01' },
    });
    expect(next.termsId).toBe(before.termsId);
    expect(next.noticeId).not.toBe(before.noticeId);
    const { rows } = await db.query(
      "SELECT kind, version FROM consent_documents WHERE kind <> 'therapy_consent' ORDER BY id",
    );
    expect(rows).toEqual([
      { kind: 'terms', version: TERMS_VERSION.version },
      { kind: 'privacy_notice', version: PRIVACY_NOTICE_VERSION.version },
      { kind: 'privacy_notice', version: '3' },
    ]);
  });

  it('refuses to edit or remove a version', async () => {
    await expect(db.query("UPDATE consent_documents SET version = '9' WHERE kind = 'terms'")).rejects.toThrow(
      /never changed or removed/,
    );
    await expect(db.query("DELETE FROM consent_documents WHERE kind = 'terms'")).rejects.toThrow(
      /never changed/,
    );
  });
});
