import { useT } from '../../i18n/use-t';
import { useTranslatedLang } from './policy-section';

/**
 * Each item the booking form collects, and why (the privacy notice's table, issue 14). The items
 * are the notice's own words and stay English; the Hindi page sums them up at the top.
 */
const ITEMS: [string, string][] = [
  ['Your full name', 'To know who is booking, and to greet you in our messages.'],
  [
    'Your email address',
    'To send your confirmation, reminders, changes, receipts and your link to manage the booking.',
  ],
  [
    'Your mobile number',
    'To reach you about your session if we must. We send WhatsApp messages only if you ticked the box for them.',
  ],
  [
    'Your age',
    'Clients under 18 book with a parent or guardian; your therapist prepares for your age group.',
  ],
  ['Session type (individual or couple)', 'To book the right kind of session.'],
  ['State and city (in-person sessions)', 'To arrange your visit to the centre.'],
  [
    'Your note (optional)',
    'So your therapist can prepare. It is stored encrypted, and only the clinic’s staff can read it.',
  ],
  [
    'A parent or guardian’s name, relation, mobile and email (clients under 18)',
    'Their consent to the booking, and a copy of the confirmation for them.',
  ],
  [
    'The booking and its payment',
    'The session, centre, therapist, date and time, amount and payment reference: to hold the session and keep the accounts the law requires.',
  ],
  [
    'Your consent',
    'Which version of the Terms and Conditions and of this notice you accepted, and when: the record of your consent.',
  ],
];

export function CollectedItems() {
  const { t } = useT();
  // The caption and headings are in the visitor's language inside the section's English text.
  const lang = useTranslatedLang();
  return (
    <div className="table-scroll">
      <table className="policy-table">
        <caption className="visually-hidden" lang={lang}>
          {t('pages.privacy.whatWeCollect')}
        </caption>
        <thead lang={lang}>
          <tr>
            <th scope="col">{t('pages.privacy.table.item')}</th>
            <th scope="col">{t('pages.privacy.table.why')}</th>
          </tr>
        </thead>
        <tbody>
          {ITEMS.map(([item, why]) => (
            <tr key={item}>
              <th scope="row">{item}</th>
              <td>{why}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
