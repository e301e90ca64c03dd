import type { ClinicProfile } from '@therapy/shared/clinic-schemas';
import { escapeHtml } from '../../http/html.ts';
import type { OutgoingMail } from './mailer.ts';

/**
 * Every e-mail ends with who sent it and how to reach them: the clinic's saved name, phone and
 * e-mail (the product's name alone until a profile is saved), and replies go to the clinic's
 * e-mail rather than to the sending address.
 */
export function withClinicSignature(
  mail: OutgoingMail,
  clinic: ClinicProfile,
  productName: string,
): OutgoingMail {
  const name = clinic.name || productName;
  const contact: [label: string, value: string, href: string][] = [];
  if (clinic.phone) contact.push(['Phone', clinic.phone, `tel:${clinic.phone.replace(/\s/g, '')}`]);
  if (clinic.email) contact.push(['Email', clinic.email, `mailto:${clinic.email}`]);
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
