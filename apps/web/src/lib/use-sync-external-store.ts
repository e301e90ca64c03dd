// What wouter imports as use-sync-external-store's shim (vite.config.ts): React's own hook.
export { useSyncExternalStore } from 'react';
