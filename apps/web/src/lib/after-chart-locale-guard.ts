/**
 * A chart module's loader that runs the locale guard (chart-locale-guard.ts) first, as a module of
 * its own: uPlot, shared by the overview's and the measures' charts, is built into a chunk of its
 * own that would otherwise be evaluated before a guard imported beside it.
 */
export function afterChartLocaleGuard<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    await import('./chart-locale-guard');
    return load();
  };
}
