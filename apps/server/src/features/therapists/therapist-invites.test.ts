import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logPath } from '../../http/logger.ts';
import { bearer, createAdminUser, JWT_SECRET, NOW, signIn } from '../../test/admin-test-kit.ts';
import { createDemoTestApp } from '../../test/test-app.ts';
import { backends, type TestDatabase } from '../../test/test-database.ts';
import { inviteTherapist, sendInviteEmails } from '../../test/therapist-kit.ts';
import type { OutgoingMail } from '../messages/email/mailer.ts';

/** A therapist's invitation (issue 25, decision 052): e-mail, one-time link, password, sign-in. */
describe.each(backends)("a therapist's invitation on %s", (backend) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let boss: string;
  let clock = NOW;

  beforeAll(async () => {
    ({ db, app, close } = await createDemoTestApp(backend, { now: () => clock, env: { JWT_SECRET } }));
    await createAdminUser(db, 'boss@example.com', { superadmin: true });
    await createAdminUser(db, 'desk@example.com');
    boss = await signIn(app, 'boss@example.com');
  });
  afterAll(() => close());

  const accept = (token: string, password = 'a-therapist-password') =>
    app.inject({ method: 'POST', url: `/api/admin/invites/${token}`, payload: { password } });

  it('e-mails a one-time link for 72 hours, stores only its digest, and the link sets the password', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/therapists/1/invite',
      headers: bearer(boss),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      therapist_id: 1,
      email: 'asha.menon@example.com',
      expires_at: new Date(NOW.getTime() + 72 * 3600_000).toISOString(),
    });
    const { rows: jobs } = await db.query<{ payload: string }>(
      "SELECT payload::text AS payload FROM jobs WHERE kind = 'therapist.invite_email'",
    );
    expect(jobs).toHaveLength(1);
    const sent: OutgoingMail[] = [];
    const [token] = await sendInviteEmails(db, sent);
    expect(sent[0]!.to).toBe('asha.menon@example.com');
    expect(sent[0]!.subject).toMatch(/^Your sign-in to \S/);
    expect(sent[0]!.text).toContain('The link works once, until Wednesday, 25 November 2026');
    // Neither the invitation's row nor the e-mail's job holds the token in clear.
    const { rows } = await db.query<{ row: string }>(
      'SELECT row_to_json(i)::text AS row FROM therapist_invites i',
    );
    expect(rows[0]!.row).not.toContain(token);
    expect(jobs[0]!.payload).not.toContain(token);

    const accepted = await accept(token!);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toEqual({ username: 'asha.menon@example.com', therapist_id: 1 });
    const login = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'asha.menon@example.com', password: 'a-therapist-password' },
    });
    expect(login.json()).toMatchObject({ role: 'therapist', therapist_id: 1 });

    const again = await accept(token!, 'another-password');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({
      detail: 'This invitation link has already been used. Sign in with your password.',
    });
    const audit = await db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action IN ('therapist.invite', 'admin_user.create') ORDER BY id",
    );
    expect(audit.rows.map((row) => row.action)).toContain('therapist.invite');
  });

  it('refuses an expired link, an unknown one and a short password, and changes nothing', async () => {
    const token = await inviteTherapist(app, db, boss, 2);
    const short = await accept(token, 'short');
    expect(short.statusCode).toBe(400);
    expect((await accept('x'.repeat(43))).statusCode).toBe(404);
    expect((await accept('not-a-token')).json().detail).toMatch(/not valid/);
    clock = new Date(NOW.getTime() + 72 * 3600_000 + 1000);
    try {
      const late = await accept(token);
      expect(late.statusCode).toBe(410);
      expect(late.json()).toEqual({
        detail: 'This invitation link has expired. Ask the clinic for a new one.',
      });
    } finally {
      clock = NOW;
    }
    const { rows } = await db.query('SELECT 1 FROM admin_users WHERE therapist_id = 2');
    expect(rows).toHaveLength(0);
  });

  it('voids the earlier link when a new one is sent, and refuses one for a therapist with a login', async () => {
    const first = await inviteTherapist(app, db, boss, 3);
    const second = await inviteTherapist(app, db, boss, 3);
    expect((await accept(first)).statusCode).toBe(410);
    expect((await accept(second)).statusCode).toBe(201);
    const third = await app.inject({
      method: 'POST',
      url: '/api/admin/therapists/3/invite',
      headers: bearer(boss),
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().detail).toBe('Therapist 3 already has a login');
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/admin/therapists/999/invite',
      headers: bearer(boss),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("never logs an invitation's token", () => {
    expect(logPath('/api/admin/invites/abcDEF_-123')).toBe('/api/admin/invites/[token]');
    expect(logPath('/admin/invite/abcDEF_-123?x=1')).toBe('/admin/invite/[token]');
  });

  it('lets only a superadmin invite', async () => {
    const desk = await signIn(app, 'desk@example.com');
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/therapists/4/invite',
      headers: bearer(desk),
    });
    expect(response.statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/admin/therapists/4/invite' })).statusCode).toBe(
      401,
    );
  });
});
