import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logPath } from '../../http/logger.ts';
import { insertClientBooking, JWT_SECRET } from '../../test/admin-test-kit.ts';
import { BOOKING_TEST_NOW } from '../../test/booking-fixtures.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import type { TestDatabase } from '../../test/test-database.ts';
import { currentManageToken, deriveManageLinkKey } from '../bookings/manage-token.ts';

describe('manage tokens never reach the log', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const lines: string[] = [];

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp('pglite', {
      now: () => BOOKING_TEST_NOW,
      env: { LOG_LEVEL: 'info', JWT_SECRET },
      logStream: { write: (line) => lines.push(line) },
    }));
  });
  afterAll(() => close());

  it('logs GET /api/manage/{token} and its actions with the token masked', async () => {
    const { id } = await insertClientBooking(db, {
      therapistId: 1,
      bookingDate: '2026-11-30',
      startTime: '10:00:00',
    });
    const token = await currentManageToken(db, deriveManageLinkKey(JWT_SECRET), id);
    expect((await app.inject(`/api/manage/${token}`)).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: `/api/manage/${token}/cancel`, payload: {} })).statusCode,
    ).toBe(200);
    const text = lines.join('');
    expect(text).toContain('/api/manage/[token]');
    expect(text).toContain('/api/manage/[token]/cancel');
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(0, 12));
  });

  it('masks the manage page’s path and a made-up token too', () => {
    expect(logPath('/manage/abcDEF_-123?x=1')).toBe('/manage/[token]');
    expect(logPath('/api/manage/whatever/reschedule')).toBe('/api/manage/[token]/reschedule');
    expect(logPath('/api/bookings/12/confirmation?token=secret')).toBe('/api/bookings/12/confirmation');
  });
});
