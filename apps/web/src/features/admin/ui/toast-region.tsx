import { useRef } from 'react';
import { dismissToast, type Toast, useToasts } from './toast-store';
import { useToastPlacement } from './use-toast-placement';

function ToastItem({ toast }: { toast: Toast }) {
  return (
    <div className={`admin-toast admin-toast--${toast.tone}`}>
      <span className="admin-toast__icon" aria-hidden="true">
        {toast.tone === 'success' ? '✓' : '!'}
      </span>
      <p className="admin-toast__message">{toast.message}</p>
      <button
        type="button"
        className="admin-toast__dismiss"
        onClick={() => dismissToast(toast.id)}
        aria-label="Dismiss message"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Success messages go to a polite status region and disappear by themselves; errors to an alert
 * region and stay until dismissed. Both regions exist from the start, so screen readers hear
 * what is added to them. They move aside from the button they report on (use-toast-placement.ts).
 */
export function ToastRegion() {
  const toasts = useToasts((state) => state.toasts);
  const container = useRef<HTMLDivElement>(null);
  useToastPlacement(container, toasts);
  return (
    <div className="admin-toasts" ref={container} data-placement="bottom">
      <div role="status" aria-live="polite" className="admin-toasts__region">
        {toasts
          .filter((toast) => toast.tone === 'success')
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
      </div>
      <div role="alert" className="admin-toasts__region">
        {toasts
          .filter((toast) => toast.tone === 'error')
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
      </div>
    </div>
  );
}
