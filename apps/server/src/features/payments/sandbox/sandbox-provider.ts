import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/database.ts';
import { notFound } from '../../../http/app-error.ts';
import {
  type NewPaymentLink,
  type PaymentLinkStatus,
  type PaymentProvider,
  type ProviderPaymentLink,
  ProviderUnavailableError,
} from '../payment-provider.ts';

type SandboxLinkRow = {
  id: string;
  reference_id: string;
  amount_paise: number;
  description: string;
  customer_name: string | null;
  callback_url: string;
  status: PaymentLinkStatus;
  payment_id: string | null;
  expire_by: Date | null;
  refund_id: string | null;
};

const randomId = (prefix: string) =>
  `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x')}`;

/**
 * A payment provider that needs nothing outside this server: its links open a local page where
 * the visitor pays or fails, and it keeps on its own table what Razorpay would keep on its side.
 */
export function createSandboxProvider(
  db: Database,
  publicUrl: string,
  callbackSecret: string,
  now: () => Date = () => new Date(),
) {
  const toLink = (row: SandboxLinkRow): ProviderPaymentLink => ({
    id: row.id,
    shortUrl: `${publicUrl}/sandbox/pay/${row.id}`,
    status: row.status,
    amountPaise: row.amount_paise,
    amountPaidPaise: row.status === 'paid' ? row.amount_paise : 0,
    referenceId: row.reference_id,
    paymentId: row.status === 'paid' ? row.payment_id : null,
  });

  async function findLink(id: string): Promise<SandboxLinkRow> {
    const { rows } = await db.query<SandboxLinkRow>('SELECT * FROM sandbox_payment_links WHERE id = $1', [
      id,
    ]);
    if (!rows[0]) throw notFound('Payment link not found');
    return rows[0];
  }

  const provider: PaymentProvider = {
    name: 'sandbox',
    callbackSecret,
    async createPaymentLink(link: NewPaymentLink) {
      const { rows } = await db.query<SandboxLinkRow>(
        `INSERT INTO sandbox_payment_links (id, reference_id, amount_paise, description, customer_name, callback_url, expire_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
        [
          randomId('plink'),
          link.referenceId,
          link.amountPaise,
          link.description,
          link.customer.name,
          link.callbackUrl,
          link.expireBy,
        ],
      );
      return toLink(rows[0]!);
    },
    async fetchPaymentLink(id: string) {
      const row = await findLink(id);
      if (row.status === 'created' && row.expire_by && new Date(row.expire_by) <= now()) {
        return toLink({ ...row, status: 'expired' });
      }
      return toLink(row);
    },
    /** Refunds a paid link's payment in full, once, as Razorpay would; keeps the refund id. */
    async refundPayment(paymentId: string, amountPaise: number) {
      const refundId = randomId('rfnd');
      const { rows } = await db.query<{ id: string }>(
        `UPDATE sandbox_payment_links SET refund_id = $2, refunded_at = now(), updated_at = now()
         WHERE payment_id = $1 AND status = 'paid' AND refund_id IS NULL AND amount_paise = $3
         RETURNING id`,
        [paymentId, refundId, amountPaise],
      );
      if (!rows[0]) {
        throw new ProviderUnavailableError(
          `The sandbox has no unrefunded payment ${paymentId} of ${amountPaise} paise to refund`,
        );
      }
      return { id: refundId, paymentId, amountPaise, status: 'processed' as const };
    },
    async fetchRefunds(paymentId: string) {
      const { rows } = await db.query<{ refund_id: string; amount_paise: number }>(
        'SELECT refund_id, amount_paise FROM sandbox_payment_links WHERE payment_id = $1 AND refund_id IS NOT NULL',
        [paymentId],
      );
      return rows.map((row) => ({
        id: row.refund_id,
        paymentId,
        amountPaise: row.amount_paise,
        status: 'processed' as const,
      }));
    },
  };

  return {
    provider,
    findLink,
    /** The visitor's choice on the sandbox page; answers where the browser goes next. */
    async settle(id: string, outcome: 'paid' | 'failed') {
      const row = await findLink(id);
      const paymentId = row.payment_id ?? randomId('pay');
      // As Razorpay: a link past its expiry takes no payment (it reads as expired).
      const expired = row.expire_by !== null && new Date(row.expire_by) <= now();
      if (row.status === 'created' && !expired) {
        await db.query(
          `UPDATE sandbox_payment_links SET status = $2, payment_id = $3, updated_at = now() WHERE id = $1`,
          [id, outcome === 'paid' ? 'paid' : 'cancelled', paymentId],
        );
      }
      const settled = await findLink(id);
      return { row: settled, paymentId };
    },
  };
}

export type SandboxPayments = ReturnType<typeof createSandboxProvider>;
