import type { PaymentReport } from '@therapy/shared/report-schemas';
import type { CursorPage } from '../ui/use-cursor-pages';

/** Income's and the inventory report's page as the pager reads it: counted over all pages by the server. */
export const paymentPage = (report: PaymentReport): CursorPage<PaymentReport['payments'][number]> => ({
  items: report.payments,
  total: report.total_count,
  limit: report.limit,
  next_cursor: report.next_cursor,
});
