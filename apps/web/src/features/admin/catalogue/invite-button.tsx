import { useState } from 'react';
import { errorMessage } from '../admin-http';
import { showError, showSuccess } from '../ui/toast-store';
import { inviteTherapist } from './catalogue-api';

/**
 * "Invite": e-mails the therapist a one-time link (72 hours) that sets the password of its own
 * login (decision 052). A second press sends a new link and voids the first.
 */
export function InviteButton({ therapistId, name }: { therapistId: number; name: string }) {
  const [busy, setBusy] = useState(false);
  async function invite() {
    setBusy(true);
    try {
      const sent = await inviteTherapist(therapistId);
      showSuccess(`Invitation sent to ${sent.email}. The link works once, for 72 hours.`);
    } catch (error) {
      showError(errorMessage(error, `The invitation to ${name} could not be sent. Please try again.`));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="button button--secondary admin-button--small"
      aria-label={`Invite ${name} to sign in`}
      disabled={busy}
      onClick={() => void invite()}
    >
      {busy ? 'Sending...' : 'Invite'}
    </button>
  );
}
