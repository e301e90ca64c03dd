import { existsSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumLaunchOptions } from '../scripts/chromium-options.mjs';
import { startBenchServer } from './bench-server.ts';
import type { Report } from './report.ts';
import { targets } from './targets.ts';

/** The public pages most visitors open first, on a phone (issue 13). */
const PAGES = ['/', '/payment-status'];
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * Lighthouse (its npm package, mobile preset with simulated throttling) on the built web app
 * served by the real server, through the project's own Chromium (decision 019). Each page is
 * run RUNS times; the median score of each category counts.
 */
export async function benchLighthouse(root: string, report: Report, group: string) {
  const webDistDir = path.join(root, 'apps', 'web', 'dist');
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error('no built web app: run without --skip-web, or npm run build first');
  }
  const server = await startBenchServer('pglite', { webDistDir });
  const { executablePath, env } = await chromiumLaunchOptions();
  const chrome = await launch({
    chromePath: executablePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    envVars: { ...process.env, ...(env ?? {}) } as Record<string, string>,
  });
  try {
    for (const page of PAGES) {
      const runs: Record<string, number>[] = [];
      let lcpMs = 0;
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${server.url}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
        const { categories, audits } = result.lhr;
        runs.push(
          Object.fromEntries(
            CATEGORIES.map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)]),
          ),
        );
        lcpMs = Math.max(lcpMs, audits['largest-contentful-paint']?.numericValue ?? 0);
      }
      const median = (name: string) =>
        runs.map((scores) => scores[name] ?? 0).sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? 0;
      report.check(
        group,
        `${page}: performance (median of ${RUNS})`,
        median('performance'),
        targets.lighthouse.performance,
      );
      report.check(
        group,
        `${page}: accessibility`,
        median('accessibility'),
        targets.lighthouse.accessibility,
      );
      report.check(
        group,
        `${page}: best practices`,
        median('best-practices'),
        targets.lighthouse.bestPractices,
      );
      report.check(group, `${page}: SEO`, median('seo'), targets.lighthouse.seo);
      report.info(group, `${page}: largest contentful paint, slowest run`, Math.round(lcpMs), 'ms');
    }
  } finally {
    chrome.kill();
    await server.close();
  }
}
