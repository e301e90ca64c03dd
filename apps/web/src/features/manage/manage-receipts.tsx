import { formatsFor } from '@therapy/shared/locale-format';
import { bookingReceiptListSchema, type DocumentKind } from '@therapy/shared/money-papers-schemas';
import type { MessageId } from '../../i18n/catalog';
import { useT } from '../../i18n/use-t';
import { getJson } from '../../lib/api-client';
import { useFetch } from '../../lib/use-fetch';

const KIND: Record<DocumentKind, MessageId> = {
  bill_of_supply: 'manage.receipts.kind.billOfSupply',
  tax_invoice: 'manage.receipts.kind.taxInvoice',
  credit_note: 'manage.receipts.kind.creditNote',
};

/**
 * The booking's receipts, invoices and credit notes (decision 057), each a PDF to open or save
 * through the manage link itself (the token is the authority; no sign-in).
 */
export function ManageReceipts({ token }: { token: string }) {
  const { t, locale } = useT();
  const receipts = useFetch(`manage-receipts:${token}`, (signal) =>
    getJson(`/api/manage/${encodeURIComponent(token)}/receipts`, signal, bookingReceiptListSchema),
  );
  const { longDate, amount } = formatsFor(locale);
  return (
    <section className="card manage-step" aria-labelledby="manage-receipts-heading">
      <h2 id="manage-receipts-heading" className="manage-step__title">
        {t('manage.receipts.title')}
      </h2>
      {receipts.status === 'loading' && <p aria-live="polite">{t('manage.receipts.loading')}</p>}
      {receipts.status === 'error' && <p role="alert">{t('manage.receipts.loadFailed')}</p>}
      {receipts.status === 'success' && receipts.data.length === 0 && <p>{t('manage.receipts.none')}</p>}
      {receipts.status === 'success' && receipts.data.length > 0 && (
        <>
          <ul className="manage-receipts">
            {receipts.data.map((receipt) => (
              <li key={receipt.number} className="manage-receipts__item">
                <span>
                  {t('manage.receipts.item', {
                    kind: t(KIND[receipt.kind]),
                    number: receipt.number,
                    date: longDate(receipt.date),
                    amount: amount(receipt.amount),
                  })}
                </span>
                <a
                  href={receipt.pdf_url}
                  className="button button--secondary"
                  download
                  aria-label={t('manage.receipts.downloadLabel', { number: receipt.number })}
                >
                  {t('manage.receipts.download')}
                </a>
              </li>
            ))}
          </ul>
          {locale === 'hi' && <p className="manage-page__note">{t('manage.receipts.englishOnly')}</p>}
        </>
      )}
    </section>
  );
}
