import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { openSignedIn, panel, tab } from './support/report-screens.ts';

describe('admin reports', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const open = (pathname: string) => openSignedIn(browser, pathname);

  it('moves between the tabs with the arrow keys, Home and End', async () => {
    const { context, page } = await open('/admin/reports');
    const first = tab(page, 'Inventory (PhonePe Income)');
    await first.focus();
    const focused = () =>
      page.evaluate(
        "(() => { const e = document.activeElement; return e?.getAttribute('role') === 'tab' && e.getAttribute('aria-selected') === 'true' ? e.textContent : null; })()",
      );
    const steps: [string, string][] = [
      ['ArrowRight', 'End of Day Report'],
      ['ArrowRight', 'Therapist Monthly Report'],
      ['ArrowRight', 'Inventory (PhonePe Income)'],
      ['ArrowLeft', 'Therapist Monthly Report'],
      ['Home', 'Inventory (PhonePe Income)'],
      ['End', 'Therapist Monthly Report'],
    ];
    for (const [key, name] of steps) {
      await page.keyboard.press(key);
      expect(await focused(), key).toBe(name);
    }
    // Only the selected tab is in the tab order; Tab goes on into its panel.
    expect(
      await page.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('tabindex'))),
    ).toEqual(['-1', '-1', '0']);
    expect(await panel(page).getAttribute('aria-labelledby')).toBe(
      await tab(page, 'Therapist Monthly Report').getAttribute('id'),
    );
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement?.id')).toBe(
      await panel(page).getByLabel('Year').getAttribute('id'),
    );
    await context.close();
  });
});
