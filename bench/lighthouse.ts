import { existsSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumLaunchOptions } from '../scripts/chromium-options.mjs';
import { startBenchServer } from './bench-server.ts';
import type { Report } from './report.ts';
import { targets } from './targets.ts';

type Page = {
  /** How the report names the page. */
  label: string;
  path: string;
  /** The `lang` cookie the visitor's browser holds (CONTRACT.md), set before the runs. */
  language?: 'hi';
};

/** The public pages most visitors open first, on a phone (issues 13 and 30). */
const PAGES: Page[] = [
  { label: '/', path: '/' },
  { label: '/book in Hindi', path: '/book', language: 'hi' },
  { label: '/payment-status', path: '/payment-status' },
];
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Scores = Record<(typeof CATEGORIES)[number], number>;

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
  // The same browser, to hold a page's cookie: Lighthouse keeps cookies between runs.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const cookies = browser.contexts()[0];
    if (!cookies) throw new Error('the browser has no default context');
    for (const page of PAGES) {
      await cookies.clearCookies();
      if (page.language) await cookies.addCookies([{ name: 'lang', value: page.language, url: server.url }]);
      const runs: Scores[] = [];
      let lcpMs = 0;
      const benchmarkIndexes: number[] = [];
      const shortOf = new Map<string, number>();
      for (let run = 0; run < RUNS; run++) {
        const result = await runLighthouse(`${server.url}${page.path}`, chrome.port);
        runs.push(result.scores);
        lcpMs = Math.max(lcpMs, result.lcpMs);
        benchmarkIndexes.push(result.benchmarkIndex);
        for (const [id, score] of result.shortOf) shortOf.set(id, Math.min(score, shortOf.get(id) ?? 1));
      }
      reportPage(report, group, page.label, runs, lcpMs, shortOf);
      // Lighthouse's measure of the host's CPU: the simulated phone multiplies the tasks it
      // observes, so a busy host (a low index) costs points that the page did not lose.
      report.info(
        group,
        `${page.label}: host CPU benchmark index, lowest / highest`,
        [Math.min(...benchmarkIndexes), Math.max(...benchmarkIndexes)].map(Math.round),
        '',
      );
    }
  } finally {
    await browser.close();
    chrome.kill();
    await server.close();
  }
}

/** One Lighthouse run: the scores, the largest contentful paint and the audits short of full marks. */
async function runLighthouse(url: string, port: number) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(
    CATEGORIES.map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)]),
  ) as Scores;
  // Scored audits that lost points: what keeps a category below 100.
  const shortOf = Object.values(categories).flatMap((category) =>
    category.auditRefs.flatMap((ref): [string, number][] => {
      const score = audits[ref.id]?.score;
      return ref.weight > 0 && typeof score === 'number' && score < 1 ? [[ref.id, score]] : [];
    }),
  );
  return {
    scores,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    shortOf,
  };
}

function reportPage(
  report: Report,
  group: string,
  label: string,
  runs: Scores[],
  lcpMs: number,
  shortOf: Map<string, number>,
) {
  const median = (name: keyof Scores) =>
    runs.map((scores) => scores[name]).sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? 0;
  const { lighthouse: target } = targets;
  report.check(group, `${label}: performance (median of ${RUNS})`, median('performance'), target.performance);
  report.check(group, `${label}: accessibility`, median('accessibility'), target.accessibility);
  report.check(group, `${label}: best practices`, median('best-practices'), target.bestPractices);
  report.check(group, `${label}: SEO`, median('seo'), target.seo);
  report.info(group, `${label}: largest contentful paint, slowest run`, Math.round(lcpMs), 'ms');
  // Printed as the run goes, not in the table: what to look at when a score is short.
  const lowest = [...shortOf].map(([id, score]) => `${id} ${score}`).join(', ');
  if (lowest)
    console.log(`bench: ${label}: audits short of full marks (lowest score in ${RUNS} runs): ${lowest}`);
}
