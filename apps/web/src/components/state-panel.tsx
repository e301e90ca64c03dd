import type { ReactNode } from 'react';
import type { MessageId } from '../i18n/catalog';
import { useT } from '../i18n/use-t';

export const CONNECTION_HINT = 'common.connectionHint' satisfies MessageId;

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
  const { t } = useT();
  return (
    <StatePanel
      tone="error"
      actions={
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      }
    >
      <p className="state-panel__message">{message}</p>
      <p className="muted">{t(CONNECTION_HINT)}</p>
    </StatePanel>
  );
}
