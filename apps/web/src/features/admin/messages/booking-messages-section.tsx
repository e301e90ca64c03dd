import type { BookingMessage } from '@therapy/shared/message-schemas';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { formatInstant } from '../admin-format';
import { loadErrorMessage } from '../admin-http';
import { LoadErrorPanel } from '../ui/load-error-panel';
import { Badge } from '../ui/status-badge';
import { channelLabel, messageStatus, messageWhat } from './message-labels';
import { fetchBookingMessages } from './messages-api';
import './booking-messages.css';

type Loaded = { items: BookingMessage[]; nextCursor: string | null };
type LoadState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; loaded: Loaded; older: 'idle' | 'loading' | 'failed' };

const LOAD_FAILED = 'Failed to load the messages.';

/**
 * "Messages to the client" of one booking (GET /api/admin/bookings/{id}/messages): what was sent,
 * by which channel, when (clinic time) and how it went, failures in words; "Show older" pages back.
 */
export function BookingMessagesSection({ bookingId }: { bookingId: number }) {
  const headingId = useId();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ kind: 'loading' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is Retry: a new attempt loads again
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    fetchBookingMessages(bookingId, null, controller.signal).then(
      (page) =>
        setState({
          kind: 'ready',
          loaded: { items: page.items, nextCursor: page.next_cursor },
          older: 'idle',
        }),
      (error: unknown) =>
        controller.signal.aborted ||
        setState({ kind: 'failed', message: loadErrorMessage(error, LOAD_FAILED) }),
    );
    return () => controller.abort();
  }, [bookingId, attempt]);

  const showOlder = async (loaded: Loaded) => {
    setState({ kind: 'ready', loaded, older: 'loading' });
    try {
      const page = await fetchBookingMessages(bookingId, loaded.nextCursor);
      const items = [...loaded.items, ...page.items];
      setState({ kind: 'ready', loaded: { items, nextCursor: page.next_cursor }, older: 'idle' });
    } catch {
      setState({ kind: 'ready', loaded, older: 'failed' });
    }
  };

  return (
    <section className="admin-messages" aria-labelledby={headingId}>
      <h3 id={headingId} className="admin-messages__title">
        Messages to the client
      </h3>
      {state.kind === 'loading' && (
        <p className="muted" role="status">
          Loading messages…
        </p>
      )}
      {state.kind === 'failed' && (
        <LoadErrorPanel
          title={LOAD_FAILED}
          message={state.message}
          onRetry={() => setAttempt((n) => n + 1)}
        />
      )}
      {state.kind === 'ready' && state.loaded.items.length === 0 && (
        <p className="admin-empty">No messages sent yet.</p>
      )}
      {state.kind === 'ready' && state.loaded.items.length > 0 && (
        <ul className="admin-messages__list">
          {state.loaded.items.map((message) => {
            const status = messageStatus(message);
            return (
              <li key={message.id} className="admin-messages__item">
                <span className="admin-messages__what">
                  {messageWhat(message)} · {channelLabel(message.channel)}
                </span>
                <time className="admin-messages__when tabular-nums" dateTime={message.created_at}>
                  {formatInstant(message.created_at)}
                </time>
                <Badge tone={status.tone}>{status.label}</Badge>
              </li>
            );
          })}
        </ul>
      )}
      {state.kind === 'ready' && state.older === 'failed' && (
        <p className="admin-messages__error" role="alert">
          The older messages could not be loaded. Please try again.
        </p>
      )}
      {state.kind === 'ready' && state.loaded.nextCursor && (
        <Button
          variant="secondary"
          className="admin-button--small"
          busy={state.older === 'loading'}
          busyLabel="Loading…"
          onClick={() => showOlder(state.loaded)}
        >
          Show older
        </Button>
      )}
    </section>
  );
}
