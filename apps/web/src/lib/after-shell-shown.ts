/** The `elementtiming` name of the shell's crisis line (apps/web/index.html). */
const SHELL_TIMING = 'shell';

type ElementTiming = PerformanceEntry & { identifier?: string };

/**
 * Runs `start` once the browser has shown the server's shell (header, crisis line, loading
 * state): once the shell's crisis line, its last and largest text, has reached the screen.
 *
 * Why wait: on a phone the scripts are ready as the HTML ends, and rendering at once meant the
 * shell was never shown: the first paint waited for the app's first render. Waiting for a frame
 * is not enough either: the browser times a paint when its frame reaches the screen, a little
 * later, and forgets the paint of a node removed before then. The crisis line, which the app
 * replaces, was then never the page's largest paint, and Lighthouse counted the app's whole first
 * render into both paints (decision 066).
 *
 * Where there is no shell (the admin screens) the app starts at once. A browser without element
 * timing starts it after a frame. `fallbackMs` is the longest wait, for a tab opened in the
 * background (it paints nothing until shown; shown, it starts the app at once) and for a machine
 * too busy to paint sooner.
 */
export function afterShellShown(start: () => void, fallbackMs = 3000): void {
  if (!document.querySelector(`[elementtiming="${SHELL_TIMING}"]`)) {
    start();
    return;
  }
  let started = false;
  let observer: PerformanceObserver | undefined;
  const startOnce = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  if (PerformanceObserver.supportedEntryTypes?.includes('element')) {
    observer = new PerformanceObserver((list) => {
      const entries: ElementTiming[] = list.getEntries();
      if (entries.some((entry) => entry.identifier === SHELL_TIMING)) startOnce();
    });
    // `buffered`: a shell shown before this script ran (a slow network) starts the app at once.
    observer.observe({ type: 'element', buffered: true });
  } else {
    // A frame's callbacks run before its paint; a task queued from one runs after it.
    requestAnimationFrame(() => setTimeout(startOnce, 0));
  }
  setTimeout(startOnce, fallbackMs);
}
