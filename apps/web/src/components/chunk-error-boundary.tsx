import { Component, type ReactNode } from 'react';
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
            Retry
          </button>
        }
      >
        <p className="state-panel__message">An unexpected error occurred. Please try again.</p>
        <p className="muted">{CONNECTION_HINT}</p>
      </StatePanel>
    );
  }
}
