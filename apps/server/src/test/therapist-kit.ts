import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import type { OutgoingMail } from '../features/messages/email/mailer.ts';
import { createInviteEmailHandlers } from '../features/therapists/invite-email.ts';
import { TEST_NOTES } from './test-app.ts';

/** Test helpers for a therapist's own calls (decision 052). */

/** Sends the queued invitation e-mails as the worker would, into `sent`; answers the links. */
export async function sendInviteEmails(db: Database, sent: OutgoingMail[] = []): Promise<string[]> {
  const handlers = createInviteEmailHandlers(
    db,
    { send: async (mail) => void sent.push(mail), close() {} },
    {
      publicUrl: 'https://clinic.example',
      productName: 'Therapy & Counselling',
      timeZone: 'Asia/Kolkata',
      notes: TEST_NOTES,
    },
  );
  const { rows } = await db.query<{ id: number; payload: { invite_id: number; sealed_token: string } }>(
    "DELETE FROM jobs WHERE kind = 'therapist.invite_email' RETURNING id, payload",
  );
  const before = sent.length;
  for (const row of rows) await handlers['therapist.invite_email'](row.payload, {} as never);
  return sent
    .slice(before)
    .map((mail) => /https:\/\/clinic\.example\/admin\/invite\/([\w-]{43})/.exec(mail.text)![1]!);
}

/** Invites therapist `id` as `bossToken`'s superadmin and answers the e-mailed link's token. */
export async function inviteTherapist(app: FastifyInstance, db: Database, bossToken: string, id: number) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/admin/therapists/${id}/invite`,
    headers: { authorization: `Bearer ${bossToken}` },
  });
  if (response.statusCode !== 201)
    throw new Error(`invite answered ${response.statusCode}: ${response.body}`);
  const [token] = await sendInviteEmails(db);
  return token!;
}
