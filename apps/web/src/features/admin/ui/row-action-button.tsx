/**
 * A booking row's action (Refund, Cancel, Unblock, payment link): small, named with the booking
 * for screen readers, and disabled while its request runs, showing `busyLabel`.
 */
export function RowActionButton({
  variant,
  label,
  busyLabel,
  name,
  busy = false,
  onClick,
}: {
  variant: 'primary' | 'secondary' | 'danger';
  label: string;
  busyLabel?: string;
  /** The accessible name: starts with `label`, then says which booking. */
  name: string;
  busy?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`button button--${variant} admin-button--small`}
      aria-label={name}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={onClick}
    >
      {busy && busyLabel ? busyLabel : label}
    </button>
  );
}
