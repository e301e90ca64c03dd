import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type OutgoingMail = {
  to: string;
  /** A copy (a minor's parent or guardian on the confirmation). */
  cc?: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (the clinic's e-mail), when not to the sending address. */
  replyTo?: string;
  /** `encoding: 'base64'` for binary content (a receipt's PDF). */
  attachments?: { filename: string; content: string; contentType: string; encoding?: 'base64' }[];
};

export type Mailer = { send(mail: OutgoingMail): Promise<void>; close(): void };

/**
 * SMTP connections kept open and reused: setting up a connection (TCP, greeting, TLS, login)
 * costs more than sending a message. As many as the job worker sends at once, each replaced after
 * 100 messages. The timeouts bound a stuck send well inside the job's lease (half of its two
 * minutes are left when the last job of a pass starts), so no other instance takes it meanwhile.
 */
export const SMTP_POOL = {
  pool: true,
  maxConnections: 8,
  maxMessages: 100,
  connectionTimeout: 15_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
} as const;

/**
 * Sends through SMTP_URL when it is set; otherwise writes each message, as it would have gone
 * out, to DATA_DIR/mail/*.eml, so a local install needs no mail server.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(
      { url: options.smtpUrl, ...SMTP_POOL },
      { from: options.from },
    );
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const folder = path.join(options.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`;
      await writeFile(path.join(folder, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => transport.close(),
  };
}
