import type { SystemHealth } from '@therapy/shared/system-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, signIn } from '../../test/admin-test-kit.ts';
import { BOOKING_TEST_NOW, onlineBooking } from '../../test/booking-fixtures.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends } from '../../test/test-database.ts';
import { expireUnpaidHolds } from '../bookings/expire-holds.ts';

const MINUTE = 60_000;

describe.each(backends)('GET /api/admin/system on %s', (backend) => {
  let kit: Awaited<ReturnType<typeof createDemoTestApp>>;
  let superadminToken: string;
  let adminToken: string;
  let clock = BOOKING_TEST_NOW;

  beforeAll(async () => {
    kit = await createDemoTestApp(backend, { now: () => clock });
    await createAdminUser(kit.db, 'system.super@example.com', { superadmin: true });
    await createAdminUser(kit.db, 'system.staff@example.com');
    superadminToken = await signIn(kit.app, 'system.super@example.com');
    adminToken = await signIn(kit.app, 'system.staff@example.com');
  });
  afterAll(() => kit.close());

  const health = async () => {
    const response = await kit.app.inject({
      method: 'GET',
      url: '/api/admin/system',
      headers: bearer(superadminToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as SystemHealth;
  };

  it('is for superadmins: 401 without a token, 403 for an admin', async () => {
    const anonymous = await kit.app.inject({ method: 'GET', url: '/api/admin/system' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'Not authenticated' });
    const admin = await kit.app.inject({
      method: 'GET',
      url: '/api/admin/system',
      headers: bearer(adminToken),
    });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ detail: 'This action needs a superadmin.' });
  });

  it('says all is up to date on a quiet system, with the database connections', async () => {
    const figures = await health();
    expect(figures).toMatchObject({
      outbox: {
        email: { due: 0, oldest_due_seconds: null },
        whatsapp: { due: 0, oldest_due_seconds: null },
        other: { due: 0, oldest_due_seconds: null },
      },
      outbox_capped: false,
      jobs_retrying: 0,
      jobs_failed_last_24h: 0,
      holds_expired_today: 0,
      reminders_due_next_hour: 0,
      database: { backend, waiting: 0, max: backend === 'pglite' ? 1 : 40 },
    });
    expect(figures.checked_at).toBe(BOOKING_TEST_NOW.toISOString());
    expect(figures.database.in_use).toBeLessThanOrEqual(figures.database.max);
  });

  it('shows e-mails behind, failed and retrying jobs, reminders due and holds expired', async () => {
    const job = (kind: string, key: string, runAt: string, extra = '') =>
      kit.db.query(
        `INSERT INTO jobs (kind, payload, dedupe_key, run_at${extra ? ', attempts, failed_at, last_error' : ''})
         VALUES ($1, '{"booking_id": 0}', $2, ${runAt}${extra})`,
        [kind, key],
      );
    await job('email.booking_confirmed', 'system:behind', "now() - interval '3 minutes'");
    await job('whatsapp.confirmation', 'system:whatsapp', "now() - interval '90 seconds'");
    await job('email.reminder', 'system:reminder-soon', "now() + interval '30 minutes'");
    await job('email.reminder', 'system:reminder-later', "now() + interval '2 hours'");
    await job(
      'email.therapist_notice',
      'system:gave-up',
      'now()',
      ", 8, now() - interval '1 hour', 'refused'",
    );
    await job(
      'email.therapist_notice',
      'system:gave-up-long-ago',
      'now()',
      ", 8, now() - interval '2 days', 'refused'",
    );
    await job(
      'meeting.create_link',
      'system:retrying',
      "now() + interval '5 minutes'",
      ", 2, now(), 'no answer'",
    );
    const held = await kit.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: onlineBooking({ booking_date: '2026-11-25' }),
    });
    expect(held.statusCode, held.body).toBe(201);
    clock = new Date(BOOKING_TEST_NOW.getTime() + 20 * MINUTE);
    expect(await expireUnpaidHolds(kit.db, clock)).toHaveLength(1);

    const figures = await health();
    expect(figures.outbox.email.due).toBe(1);
    expect(figures.outbox.email.oldest_due_seconds).toBeGreaterThanOrEqual(180);
    expect(figures.outbox.email.oldest_due_seconds).toBeLessThan(240);
    expect(figures.outbox.whatsapp).toMatchObject({ due: 1 });
    expect(figures.outbox.whatsapp.oldest_due_seconds).toBeGreaterThanOrEqual(90);
    // The hold's end announced booking.released: a job of other work, due now.
    expect(figures.outbox.other.due).toBe(1);
    expect(figures.jobs_failed_last_24h).toBe(1);
    expect(figures.jobs_retrying).toBe(1);
    expect(figures.reminders_due_next_hour).toBe(1);
    expect(figures.holds_expired_today).toBe(1);
  });
});
