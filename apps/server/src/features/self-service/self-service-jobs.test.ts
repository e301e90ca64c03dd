import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { insertClientBooking } from '../../test/admin-test-kit.ts';
import { TEST_NOTES } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { deriveManageLinkKey } from '../bookings/manage-token.ts';
import { loadDemoData } from '../demo-data/load-demo-data.ts';
import type { RefundsService } from '../payments/refunds-service.ts';
import { createSelfServiceJobHandlers } from './self-service-jobs.ts';

const context = {
  timeZone: 'Asia/Kolkata',
  from: 'bookings@clinic.test',
  publicUrl: 'http://book.test',
  productName: 'Test',
  manageLinkKey: deriveManageLinkKey('test-secret'),
  cancellationNoticeHours: 24,
  notes: TEST_NOTES,
};

describe('the refund of a client’s cancellation, when the provider does not make it', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    await loadDemoData(db);
  });
  afterAll(() => db.drop());

  it('retries, and on the last attempt tells the clinic a refund is needed (the dashboard still offers Refund)', async () => {
    const { id } = await insertClientBooking(db, {
      therapistId: 1,
      bookingDate: '2026-11-30',
      startTime: '10:00:00',
    });
    const failing = {
      refundBooking: async () => {
        throw new AppError(502, 'The payment provider did not make the refund.');
      },
    } as unknown as RefundsService;
    const mailer = { send: async () => {}, close() {} };
    const refund = createSelfServiceJobHandlers(db, mailer, context, failing)[
      'payment.refund_cancelled_booking'
    ];
    const job = (attempts: number) => ({
      id: 1,
      kind: 'payment.refund_cancelled_booking',
      payload: {},
      attempts,
      max_attempts: 5,
    });
    const refundNeeded = async () =>
      (
        await db.query(
          "SELECT 1 FROM jobs WHERE kind = 'email.refund_needed' AND payload->>'booking_id' = $1",
          [String(id)],
        )
      ).rows.length;

    await expect(refund({ booking_id: id }, job(1))).rejects.toThrow('did not make the refund');
    expect(await refundNeeded()).toBe(0);
    await expect(refund({ booking_id: id }, job(5))).rejects.toThrow('did not make the refund');
    expect(await refundNeeded()).toBe(1);
  });
});
