import type { CancelResult, ManagedBooking } from '@therapy/shared/manage-schemas';
import { useId, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { ModalDialog } from '../../components/modal-dialog';
import { translateNotice } from '../../i18n/notice';
import { ApiError } from '../../lib/api-client';
import { cancelManagedBooking } from './manage-api';
import { refundText, useWords } from './manage-rules';

type CancelDialogProps = {
  token: string;
  booking: ManagedBooking;
  /** A session of a series: how many "this and every later one" cancels (null: a single booking). */
  following?: number | null;
  onClose: () => void;
  onCancelled: (result: CancelResult) => void;
  /** The server refused (the window closed meanwhile, the link is spent): the page reloads its view. */
  onRefused: (message: string) => void;
};

/** "Cancel this session?": Keep has the focus first, so a stray Enter cancels nothing. */
export function CancelDialog({
  token,
  booking,
  following = null,
  onClose,
  onCancelled,
  onRefused,
}: CancelDialogProps) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  const [busy, setBusy] = useState(false);
  // The error's own words (the server's, or the connection's), or null for ours.
  const [error, setError] = useState<{ message: string | null } | null>(null);
  const words = useWords();
  const { t } = words;
  const refund = refundText(booking, words);
  const [scope, setScope] = useState<'this' | 'following'>('this');
  // Only a session with later ones booked is asked which to cancel.
  const asksScope = following !== null && following > 1;

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      onCancelled(await cancelManagedBooking(token, asksScope ? scope : undefined));
    } catch (failure) {
      setBusy(false);
      if (
        failure instanceof ApiError &&
        failure.status >= 400 &&
        failure.status < 500 &&
        failure.status !== 429
      ) {
        onRefused(failure.message);
        return;
      }
      setError({ message: failure instanceof Error ? failure.message : null });
    }
  };

  return (
    <ModalDialog
      title={t('manage.cancel.title')}
      onClose={busy ? () => undefined : onClose}
      describedBy={messageId}
      initialFocus={keepRef}
      hideCloseButton
      footer={
        <>
          <button
            type="button"
            className="button button--secondary"
            ref={keepRef}
            onClick={onClose}
            disabled={busy}
          >
            {t('manage.cancel.keep')}
          </button>
          <Button variant="danger" busy={busy} busyLabel={t('manage.cancel.busy')} onClick={cancel}>
            {t('manage.cancelBooking')}
          </Button>
        </>
      }
    >
      <div id={messageId}>
        <p>{t(scope === 'following' ? 'manage.cancel.followingText' : 'manage.cancel.text')}</p>
        {refund && <p>{refund}</p>}
      </div>
      {asksScope && following !== null && (
        <CancelScope scope={scope} onScope={setScope} following={following} disabled={busy} />
      )}
      {error && (
        <p className="alert alert--error" role="alert">
          {error.message ? translateNotice(t, error.message) : t('manage.cancel.failed')}
        </p>
      )}
    </ModalDialog>
  );
}

type CancelScopeProps = {
  scope: 'this' | 'following';
  onScope: (scope: 'this' | 'following') => void;
  /** This session and the later ones still booked. */
  following: number;
  disabled: boolean;
};

/** A session of a series: only it, or it and every later one (the server's `scope`). */
function CancelScope({ scope, onScope, following, disabled }: CancelScopeProps) {
  const { t } = useWords();
  return (
    <fieldset className="manage-scope">
      <legend>{t('manage.cancel.scope')}</legend>
      <label>
        <input
          type="radio"
          name="cancel-scope"
          checked={scope === 'this'}
          onChange={() => onScope('this')}
          disabled={disabled}
        />
        {t('manage.cancel.scopeThis')}
      </label>
      <label>
        <input
          type="radio"
          name="cancel-scope"
          checked={scope === 'following'}
          onChange={() => onScope('following')}
          disabled={disabled}
        />
        {t('manage.cancel.scopeFollowing', { count: following })}
      </label>
    </fieldset>
  );
}
