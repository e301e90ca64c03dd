import { create } from 'zustand';

export type Toast = { id: number; message: string; tone: 'success' | 'error' };

type ToastState = { toasts: Toast[] };

export const useToasts = create<ToastState>(() => ({ toasts: [] }));

/** Long enough to read a sentence twice; errors stay until dismissed. */
const SUCCESS_MS = 6000;
let nextId = 1;

export function dismissToast(id: number): void {
  useToasts.setState(({ toasts }) => ({ toasts: toasts.filter((toast) => toast.id !== id) }));
}

function push(message: string, tone: Toast['tone']): number {
  const id = nextId++;
  // The same message twice in a row replaces the first, so repeated clicks do not stack up.
  useToasts.setState(({ toasts }) => ({
    toasts: [...toasts.filter((toast) => toast.message !== message), { id, message, tone }],
  }));
  return id;
}

export function showSuccess(message: string): void {
  const id = push(message, 'success');
  window.setTimeout(() => dismissToast(id), SUCCESS_MS);
}

export function showError(message: string): void {
  push(message, 'error');
}

export function clearToasts(): void {
  useToasts.setState({ toasts: [] });
}
