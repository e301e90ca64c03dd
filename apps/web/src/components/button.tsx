import type { ButtonHTMLAttributes } from 'react';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger';
  block?: boolean;
  /** Work in progress: the button shows `busyLabel` and ignores clicks but keeps its focus. */
  busy?: boolean;
  busyLabel?: string;
};

export function Button({
  variant = 'primary',
  block = false,
  busy = false,
  busyLabel,
  className,
  children,
  onClick,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['button', `button--${variant}`, block && 'button--block', className]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={busy ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
