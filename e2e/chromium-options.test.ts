import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { checkChromiumStarts, chromiumLaunchOptions } from '../scripts/chromium-options.mjs';
import { serverUrl } from './support/server.ts';

// Which Chromium the browser tests start (decision 019). CI machines have Debian's, so the
// npm-shipped one, what a fresh machine runs, is tried here by name.
describe('the Chromium of the browser tests', () => {
  const chromiumPathBefore = process.env.CHROMIUM_PATH;
  afterEach(() => {
    if (chromiumPathBefore === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = chromiumPathBefore;
  });

  it('says in one line what to install when the chosen one does not start', async () => {
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    const failure = await checkChromiumStarts().catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(
      'Browser tests need Chromium: CHROMIUM_PATH=/nonexistent/chromium does not start here ' +
        '(spawn /nonexistent/chromium ENOENT); run `apt-get install chromium` or set CHROMIUM_PATH',
    );
    expect((failure as Error).stack).not.toContain('\n');
  });

  it('starts the one @sparticuz/chromium ships and shows the web app in it', async () => {
    process.env.CHROMIUM_PATH = '@sparticuz/chromium';
    await expect(checkChromiumStarts()).resolves.toMatch(/^Chromium \d+\.\S+ \(@sparticuz\/chromium \d+\./);
    const browser = await chromium.launch(await chromiumLaunchOptions());
    try {
      const page = await browser.newPage();
      await page.goto(`${serverUrl()}/book`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        'Book Your Therapy Session',
      );
    } finally {
      await browser.close();
    }
  });
});
