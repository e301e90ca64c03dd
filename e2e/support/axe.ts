import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.1 A and AA: the level every screen is checked against. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** 'rule-id (impact): help — selector' for each failing element, so a failure says what to fix. */
export async function violations(page: Page): Promise<string[]> {
  // Only the violations are read: axe then skips writing up every passing check (options before
  // withTags, which adds to them).
  const result = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${violation.help} — ${node.target.join(' ')}`,
    ),
  );
}
