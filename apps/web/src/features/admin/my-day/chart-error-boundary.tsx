import { Component, type ReactNode } from 'react';

type Props = { fallback: ReactNode; children: ReactNode };

/**
 * The charts are a picture of the table beside them: a chart that cannot load or draw (an old
 * chunk after a release, offline, a browser the library does not suit) leaves a quiet line, never
 * the screen blank.
 */
export class ChartErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
