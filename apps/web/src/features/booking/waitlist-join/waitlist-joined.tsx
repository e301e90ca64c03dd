import type { WaitlistJoined } from '@therapy/shared/waitlist-schemas';
import { useEffect, useRef } from 'react';
import { StatePanel } from '../../../components/state-panel';
import { useT } from '../../../i18n/use-t';
import { useFormat } from '../../../lib/format';

/** The visitor is in line: their place, and until when it lasts. Announced and focused. */
export function WaitlistJoinedPanel({
  joined,
  therapistName,
}: {
  joined: WaitlistJoined;
  therapistName: string;
}) {
  const { t } = useT();
  const { longDate } = useFormat();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="status">
      <StatePanel title={t('waitlist.joined.title')}>
        <p>
          {t('waitlist.joined.text', {
            position: joined.position,
            therapist: therapistName,
            date: longDate(joined.expires_on),
          })}
        </p>
        {joined.updated && <p className="muted">{t('waitlist.joined.updated')}</p>}
      </StatePanel>
    </div>
  );
}
