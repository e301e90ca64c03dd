import type { LeaveRequest } from '@therapy/shared/leave-request-schemas';
import type { Translate } from '../../../i18n/use-t';
import { Badge } from '../ui/status-badge';

/** A request's days, in the screen's language. */
export function leaveDays(
  request: Pick<LeaveRequest, 'from' | 'to'>,
  t: Translate,
  date: (iso: string) => string,
) {
  return request.from === request.to
    ? date(request.from)
    : t('leave.days', { from: date(request.from), to: date(request.to) });
}

const TONE = { requested: 'warning', approved: 'success', declined: 'danger' } as const;

/** The request's state as a word with its colour (never the colour alone). */
export function LeaveStatusBadge({ status, t }: { status: LeaveRequest['status']; t: Translate }) {
  return <Badge tone={TONE[status]}>{t(`leave.status.${status}`)}</Badge>;
}
