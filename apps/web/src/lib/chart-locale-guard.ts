/*
 * uPlot makes its number format from `navigator.language` as it loads, and Intl refuses a tag
 * such as 'en-US@posix' (what a browser started under a POSIX locale reports): the chart module
 * would fail to load. Such a tag is replaced, for this page, by the screen's own 'en-IN' before
 * uPlot loads (lib/after-chart-locale-guard.ts runs it before a chart module loads).
 */
try {
  new Intl.NumberFormat(navigator.language);
} catch {
  Object.defineProperty(navigator, 'language', { value: 'en-IN', configurable: true });
}

export {};
