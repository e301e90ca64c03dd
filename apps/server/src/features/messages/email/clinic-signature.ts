import type { ClinicProfile } from '@therapy/shared/clinic-schemas';
import type { Queryable } from '../../../db/database.ts';
import { escapeHtml } from '../../../http/html.ts';
import { readClinicProfile } from '../../clinic/clinic-service.ts';
import { type ClientLanguage, clientMessage } from '../texts/catalogue.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';

/**
 * Every e-mail ends with who sent it and how to reach them: the clinic's saved name, phone and
 * e-mail (the product's name alone until a profile is saved), and replies go to the clinic's
 * e-mail rather than to the sending address. Its labels are in the message's language: the
 * client's for a client's message, English otherwise.
 */
export function withClinicSignature(
  mail: OutgoingMail,
  clinic: ClinicProfile,
  productName: string,
  language: ClientLanguage = 'en',
): OutgoingMail {
  const name = clinic.name || productName;
  const contact: [label: string, value: string, href: string][] = [];
  if (clinic.phone)
    contact.push([
      clientMessage(language, 'signaturePhone'),
      clinic.phone,
      `tel:${clinic.phone.replace(/\s/g, '')}`,
    ]);
  if (clinic.email)
    contact.push([clientMessage(language, 'signatureEmail'), clinic.email, `mailto:${clinic.email}`]);
  const text = ['—', name, ...contact.map(([label, value]) => `${label}: ${value}`)].join('\n');
  const html = `<p style="color:#475569">${[
    escapeHtml(name),
    ...contact.map(
      ([label, value, href]) => `${label}: <a href="${escapeHtml(href)}">${escapeHtml(value)}</a>`,
    ),
  ].join('<br>')}</p>`;
  return {
    ...mail,
    text: `${mail.text.trimEnd()}\n\n${text}\n`,
    html: mail.html.replace('</body>', `${html}\n</body>`),
    ...(clinic.email ? { replyTo: clinic.email } : {}),
  };
}

/**
 * A mailer that signs each message with the clinic's profile as it is when the message goes out,
 * in the message's language (the client's for a client's message, English by default).
 */
export function signedMailer(db: Queryable, mailer: Mailer, productName: string) {
  return {
    send: async (mail: OutgoingMail, language: ClientLanguage = 'en') =>
      mailer.send(withClinicSignature(mail, await readClinicProfile(db), productName, language)),
  };
}
