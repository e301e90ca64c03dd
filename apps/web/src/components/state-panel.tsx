import type { ReactNode } from 'react';

export const CONNECTION_HINT = 'Please check your internet connection or try refreshing the page.';

type StatePanelProps = {
  title?: string;
  children?: ReactNode;
  /** Buttons or links that lead on: Retry, Back, Start Over. */
  actions?: ReactNode;
  tone?: 'neutral' | 'error';
};

/** An empty, guard or error state: what happened and the way forward. */
export function StatePanel({ title, children, actions, tone = 'neutral' }: StatePanelProps) {
  return (
    <div className={`state-panel state-panel--${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      <span className="state-panel__icon" aria-hidden="true">
        {tone === 'error' ? '!' : 'i'}
      </span>
      {title && <h3 className="state-panel__title">{title}</h3>}
      {children}
      {actions && <div className="state-panel__actions">{actions}</div>}
    </div>
  );
}

/** A load failure: the specification's message, the connection hint and a Retry. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StatePanel
      tone="error"
      actions={
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Retry
        </button>
      }
    >
      <p className="state-panel__message">{message}</p>
      <p className="muted">{CONNECTION_HINT}</p>
    </StatePanel>
  );
}
