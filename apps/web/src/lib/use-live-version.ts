import { useEffect, useState } from 'react';

/** Asked by a link to the screen already shown (the admin's Dashboard link): reload what it shows. */
const REFRESH_EVENT = 'app:refresh';

/** How often a visible screen reloads by itself: bookings made elsewhere appear within this. */
export const LIVE_INTERVAL_MS = 30_000;
/** A tab coming back fires both focus and visibilitychange: one reload for both. */
export const LIVE_MIN_GAP_MS = 2_000;

/** Whether the page coming back into view reloads: it is seen, and the last reload is not a moment ago. */
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
      lastAt = Date.now();
      setVersion((value) => value + 1);
    };
    // The page came back into view: once, however many events say so.
    const returned = () => {
      if (liveReloadDue(lastAt, Date.now(), document.visibilityState === 'visible')) reload();
    };
    const tick = () => {
      if (document.visibilityState === 'visible') reload();
    };
    window.addEventListener('focus', returned);
    document.addEventListener('visibilitychange', returned);
    window.addEventListener(REFRESH_EVENT, reload);
    const timer = window.setInterval(tick, intervalMs);
    return () => {
      window.removeEventListener('focus', returned);
      document.removeEventListener('visibilitychange', returned);
      window.removeEventListener(REFRESH_EVENT, reload);
      window.clearInterval(timer);
    };
  }, [intervalMs]);
  return version;
}
