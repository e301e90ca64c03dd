#!/usr/bin/env node
// Generates the demo images used by the seed data (locations and therapists).
// Everything is drawn locally as inline SVG and rendered to PNG by a headless Chromium,
// so the output is deterministic and needs no network access or external assets.
//
// Usage: node scripts/generate-demo-images.mjs
// Env:   CHROMIUM_PATH (else Debian's or the npm-shipped Chromium: scripts/chromium-options.mjs)

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium-options.mjs';
import { eastBranchSvg, westBranchSvg } from './demo-images/location-svgs.mjs';
import { portraitSvg, therapists } from './demo-images/portrait-svgs.mjs';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(rootDir, 'apps/server/assets/images');

// ---------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------

async function renderSvg(page, svg, width, height, file) {
  await page.setViewportSize({ width, height });
  await page.setContent(
    `<!doctype html><html><head><style>html,body{margin:0;padding:0;background:#fff}svg{display:block}</style></head><body>${svg}</body></html>`,
  );
  await page.screenshot({ path: file, type: 'png', clip: { x: 0, y: 0, width, height } });
  console.log(`wrote ${path.relative(rootDir, file)}`);
}

async function main() {
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch(await chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ deviceScaleFactor: 1 });
    const page = await context.newPage();
    await renderSvg(page, westBranchSvg(), 800, 450, path.join(outDir, 'location-1.png'));
    await renderSvg(page, eastBranchSvg(), 800, 450, path.join(outDir, 'location-2.png'));
    for (const [i, p] of therapists.entries()) {
      await renderSvg(page, portraitSvg(p), 400, 400, path.join(outDir, `therapist-${i + 1}.png`));
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
