import { StatePanel } from '../../../components/state-panel';

type Props = {
  title: string;
  /** Left out when it would only repeat the title. */
  message?: string;
  onRetry: () => void;
  /** The Retry button's words where the screen is not English only (a therapist's screens). */
  retryLabel?: string;
  /** Offered where the specification pairs Retry with Logout. */
  onLogout?: () => void;
};

/** A screen's load failure: what happened, with Retry (and Logout where specified). */
export function LoadErrorPanel({ title, message, onRetry, retryLabel = 'Retry', onLogout }: Props) {
  return (
    <StatePanel
      tone="error"
      title={title}
      actions={
        <>
          <button type="button" className="button button--primary" onClick={onRetry}>
            {retryLabel}
          </button>
          {onLogout && (
            <button type="button" className="button button--secondary" onClick={onLogout}>
              Logout
            </button>
          )}
        </>
      }
    >
      {message && <p className="state-panel__message">{message}</p>}
    </StatePanel>
  );
}
