import { useState } from 'react';
import { Button } from '../../../components/button';
import englishDetails from '../../../i18n/en/details.json';
import englishWaitlist from '../../../i18n/en/waitlist.json';
import { registerEnglishArea } from '../../../i18n/i18n';
import { useT } from '../../../i18n/use-t';
import { WaitlistJoin, type WaitlistTarget } from './waitlist-join';

// The waitlist's words (and the details form's, which it shares) come with this chunk.
registerEnglishArea('waitlist', englishWaitlist);
registerEnglishArea('details', englishDetails);

/**
 * Under the times (or in place of them when the therapist is full): the way onto the waitlist.
 * The form opens in place, so nothing chosen so far is lost.
 */
export function WaitlistInvite({ target, full }: { target: WaitlistTarget; full: boolean }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  if (open) return <WaitlistJoin target={target} onClose={() => setOpen(false)} />;
  return (
    <div className="waitlist-invite">
      <p>
        {full ? t('waitlist.invite.full', { therapist: target.therapistName }) : t('waitlist.invite.none')}
      </p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('waitlist.invite.button')}
      </Button>
    </div>
  );
}
