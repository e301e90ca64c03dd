// How this project launches Chromium, in one place for the browser tests and the scripts:
// Debian's Chromium (Playwright's own browser download cannot work here) or CHROMIUM_PATH, with
// the flags a machine without outside network needs.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumLaunchOptions() {
  return {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  };
}
