import { Component, type ReactNode } from 'react';
import { translate } from '../i18n/i18n';
import { CONNECTION_HINT, StatePanel } from './state-panel';

type Props = { children: ReactNode };

/**
 * Catches a part of the page that failed to load or render, typically a lazily loaded chunk that
 * is gone after a new release or unreachable offline, and offers a reload instead of a blank page.
 */
export class ChunkErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <StatePanel
        tone="error"
        actions={
          <button type="button" className="button button--secondary" onClick={() => window.location.reload()}>
            {translate('common.retry')}
          </button>
        }
      >
        <p className="state-panel__message">{translate('common.unexpectedError')}</p>
        <p className="muted">{translate(CONNECTION_HINT)}</p>
      </StatePanel>
    );
  }
}
