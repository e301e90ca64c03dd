import { useEffect, useState } from 'react';

/** Asked by a link to the screen already shown (the admin's Dashboard link): reload what it shows. */
const REFRESH_EVENT = 'app:refresh';

/** How often a visible screen reloads by itself: bookings made elsewhere appear within this. */
export const LIVE_INTERVAL_MS = 30_000;
/** A tab coming back fires both focus and visibilitychange: one reload for both. */
export const LIVE_MIN_GAP_MS = 2_000;

/** Whether a reload is due now: the page is seen, and the last one is not a moment ago. */
export function liveReloadDue(lastAt: number, now: number, visible: boolean): boolean {
  return visible && now - lastAt >= LIVE_MIN_GAP_MS;
}

/** Asks the screen on show to reload (e.g. its own link was clicked again). */
export function requestRefresh(): void {
  window.dispatchEvent(new Event(REFRESH_EVENT));
}

/**
 * A number that goes up whenever a screen that lives off the server's data should reload it: the
 * window gets the focus back or becomes visible, `requestRefresh` is called, and every
 * `intervalMs` while visible. Given as a `version` to `useFetch`, it reloads quietly.
 */
export function useLiveVersion(intervalMs = LIVE_INTERVAL_MS): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let lastAt = Date.now();
    const reload = () => {
      const now = Date.now();
      if (!liveReloadDue(lastAt, now, document.visibilityState === 'visible')) return;
      lastAt = now;
      setVersion((value) => value + 1);
    };
    window.addEventListener('focus', reload);
    window.addEventListener(REFRESH_EVENT, reload);
    document.addEventListener('visibilitychange', reload);
    const timer = window.setInterval(reload, intervalMs);
    return () => {
      window.removeEventListener('focus', reload);
      window.removeEventListener(REFRESH_EVENT, reload);
      document.removeEventListener('visibilitychange', reload);
      window.clearInterval(timer);
    };
  }, [intervalMs]);
  return version;
}
