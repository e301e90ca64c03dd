import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdminUser, JWT_SECRET, NOW, signIn } from '../../../test/admin-test-kit.ts';
import { bookConfirmedSession, clientMessageHandlers, makeRemindersDue } from '../../../test/message-kit.ts';
import { startSmtpSink } from '../../../test/smtp-sink.ts';
import { createDemoTestApp } from '../../../test/test-app.ts';
import { backends, type TestDatabase } from '../../../test/test-database.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { createMailer } from '../email/mailer.ts';

const silentLog = { info() {}, warn() {}, error() {} };

describe.each(backends)('the admin’s list of a booking’s messages on %s', (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let token: string;
  let bookingId: number;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => NOW, env: { JWT_SECRET } }));
    smtp = await startSmtpSink();
    await createAdminUser(db, 'staff@example.com');
    token = await signIn(app, 'staff@example.com');

    // A booking's confirmation and reminders, as the worker sends them; one reminder refused.
    bookingId = await bookConfirmedSession(
      db,
      { date: '2026-12-01', time: '11:00' },
      { email: 'log@example.com' },
    );
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'bookings@clinic.test', dataDir: '/nonexistent' });
    const handlers = clientMessageHandlers(db, mailer, { now: () => new Date('2026-11-30T03:30:00Z') });
    const worker = createJobWorker({ db, log: silentLog, handlers });
    for (let pass = 0; pass < 3; pass++) await worker.runOnce();
    await makeRemindersDue(db);
    smtp.refuse(1);
    for (let pass = 0; pass < 3; pass++) await worker.runOnce();
    mailer.close();
  });
  afterAll(async () => {
    await smtp.close();
    await close();
  });

  const list = (query = '', id = bookingId, headers = bearer(token)) =>
    app.inject({ method: 'GET', url: `/api/admin/bookings/${id}/messages${query}`, headers });

  it('lists what was sent, newest first, with channel, status and the failure', async () => {
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    const { items, next_cursor } = response.json();
    expect(next_cursor).toBeNull();
    const shown = items.map(({ kind, channel, status }: Record<string, string>) => [kind, channel, status]);
    expect(shown.slice(2)).toEqual([['confirmation', 'email', 'sent']]);
    expect(shown.slice(0, 2).sort()).toEqual([
      ['reminder', 'email', 'failed'],
      ['reminder', 'email', 'sent'],
    ]);
    // The refused one shows its offset and why; the other its offset.
    const failed = items.find((item: { status: string }) => item.status === 'failed');
    const sent = items.find(
      (item: { kind: string; status: string }) => item.kind === 'reminder' && item.status === 'sent',
    );
    expect(failed.detail).toMatch(/^(24h|2h): .*Mailbox busy/);
    expect([failed.detail.split(':')[0], sent.detail].sort()).toEqual(['24h', '2h']);
    expect(failed.attempts).toBe(1);
    expect(new Date(items[2].created_at).toISOString()).toBe(items[2].created_at);
  });

  it('pages by cursor', async () => {
    const first = (await list('?limit=2')).json();
    expect(first.items).toHaveLength(2);
    expect(first.next_cursor).toBe(String(first.items[1].id));
    const second = (await list(`?limit=2&cursor=${first.next_cursor}`)).json();
    expect(second.items.map((item: { kind: string }) => item.kind)).toEqual(['confirmation']);
    expect(second.next_cursor).toBeNull();
  });

  it('answers 401 without an admin token, 404 for an unknown booking, 400 for a bad page', async () => {
    expect((await list('', bookingId, {} as ReturnType<typeof bearer>)).statusCode).toBe(401);
    const unknown = await list('', 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toContain('999999');
    for (const query of ['?limit=0', '?limit=101', '?cursor=-1', '?cursor=abc']) {
      expect((await list(query)).statusCode, query).toBe(400);
    }
  });
});
