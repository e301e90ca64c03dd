import { inject } from 'vitest';

/**
 * The browser tests' server for this worker. global-setup.ts starts one per worker, each on its
 * own data folder, so two browser files running side by side never meet each other's bookings.
 */
export function serverUrl(): string {
  return inject('baseUrls')[workerIndex()] as string;
}

/** That server's DATA_DIR (its e-mails are written under `mail/`). */
export function serverDataDir(): string {
  return inject('dataDirs')[workerIndex()] as string;
}

function workerIndex(): number {
  const pool = Number(process.env.VITEST_POOL_ID ?? 1);
  return (Math.max(1, pool) - 1) % inject('baseUrls').length;
}
