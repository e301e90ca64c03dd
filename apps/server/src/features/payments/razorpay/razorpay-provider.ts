import type {
  NewPaymentLink,
  PaymentLinkStatus,
  PaymentProvider,
  ProviderPaymentLink,
  ProviderRefund,
} from '../payment-provider.ts';
import { ProviderUnavailableError } from '../payment-provider.ts';

/** Razorpay refuses an expire_by less than 15 minutes away; a late payment is handled anyway. */
const MIN_EXPIRY_MS = 16 * 60_000;

type RazorpayPaymentLink = {
  id: string;
  short_url: string;
  status: PaymentLinkStatus;
  amount: number;
  amount_paid: number;
  reference_id: string;
  payments?: { payment_id: string; status: string; amount: number }[] | null;
};

/** https://razorpay.com/docs/api/refunds/create-normal/ */
type RazorpayRefund = {
  id: string;
  payment_id?: string;
  amount: number;
  status: ProviderRefund['status'];
};

export type RazorpayOptions = {
  apiUrl: string;
  keyId: string;
  keySecret: string;
  timeoutMs?: number;
  now?: () => Date;
};

/**
 * Razorpay's Payment Links API (https://razorpay.com/docs/api/payments/payment-links/): create a
 * link for the booking's amount in paise, and fetch it to learn whether it was paid; and its
 * Refunds API (https://razorpay.com/docs/api/refunds/) to give a payment back.
 */
export function createRazorpayProvider({
  apiUrl,
  keyId,
  keySecret,
  timeoutMs = 10_000,
  now = () => new Date(),
}: RazorpayOptions): PaymentProvider {
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  async function call<T = RazorpayPaymentLink>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${apiUrl}${path}`, {
        method,
        headers: { authorization, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailableError(`Razorpay did not answer ${method} ${path}`, { cause: error });
    }
    const text = await response.text();
    if (!response.ok) {
      let description = text.slice(0, 300);
      try {
        description =
          (JSON.parse(text) as { error?: { description?: string } }).error?.description ?? description;
      } catch {
        // not JSON: keep the text
      }
      throw new ProviderUnavailableError(
        `Razorpay answered ${response.status} to ${method} ${path}: ${description}`,
      );
    }
    return JSON.parse(text) as T;
  }

  const toLink = (link: RazorpayPaymentLink): ProviderPaymentLink => ({
    id: link.id,
    shortUrl: link.short_url,
    status: link.status,
    amountPaise: link.amount,
    amountPaidPaise: link.amount_paid,
    referenceId: link.reference_id,
    paymentId: link.payments?.find((payment) => payment.status === 'captured')?.payment_id ?? null,
  });

  const toRefund = (refund: RazorpayRefund, paymentId: string): ProviderRefund => ({
    id: refund.id,
    paymentId: refund.payment_id ?? paymentId,
    amountPaise: refund.amount,
    status: refund.status,
  });

  return {
    name: 'razorpay',
    callbackSecret: keySecret,
    async createPaymentLink(link: NewPaymentLink) {
      const earliest = now().getTime() + MIN_EXPIRY_MS;
      const expireBy = Math.max(link.expireBy?.getTime() ?? 0, earliest);
      const created = await call('POST', '/v1/payment_links', {
        amount: link.amountPaise,
        currency: 'INR',
        accept_partial: false,
        reference_id: link.referenceId,
        description: link.description,
        customer: {
          name: link.customer.name,
          email: link.customer.email,
          contact: `+91${link.customer.phone}`,
        },
        notify: { sms: false, email: false },
        reminder_enable: false,
        notes: link.notes,
        callback_url: link.callbackUrl,
        callback_method: 'get',
        expire_by: Math.ceil(expireBy / 1000),
      });
      return toLink(created);
    },
    async fetchPaymentLink(id: string) {
      return toLink(await call('GET', `/v1/payment_links/${encodeURIComponent(id)}`));
    },
    async refundPayment(paymentId: string, amountPaise: number, notes: Record<string, string>) {
      const refund = await call<RazorpayRefund>(
        'POST',
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        {
          amount: amountPaise,
          speed: 'normal',
          notes,
        },
      );
      return toRefund(refund, paymentId);
    },
    async fetchRefunds(paymentId: string) {
      const list = await call<{ items?: RazorpayRefund[] }>(
        'GET',
        `/v1/payments/${encodeURIComponent(paymentId)}/refunds`,
      );
      return (list.items ?? []).map((refund) => toRefund(refund, paymentId));
    },
  };
}
