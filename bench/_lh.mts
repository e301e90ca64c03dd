import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumLaunchOptions } from '../scripts/chromium-options.mjs';
import { startBenchServer } from './bench-server.ts';
const server = await startBenchServer('pglite', { webDistDir: path.resolve('apps/web/dist') });
const { executablePath, env } = await chromiumLaunchOptions();
const chrome = await launch({ chromePath: executablePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS], envVars: { ...process.env, ...(env ?? {}) } as Record<string, string> });
for (const page of process.argv.slice(2)) {
  for (let i = 0; i < 2; i++) {
    const r = await lighthouse(`${server.url}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const a = r!.lhr.audits;
    const m = (k: string) => Math.round(a[k]?.numericValue ?? -1);
    console.log(page, 'perf', Math.round((r!.lhr.categories.performance?.score ?? 0) * 100), 'FCP', m('first-contentful-paint'), 'LCP', m('largest-contentful-paint'), 'TBT', m('total-blocking-time'), 'CLS', a['cumulative-layout-shift']?.numericValue?.toFixed(3), 'SI', m('speed-index'));
    if (i === 0) {
      const el = (a['largest-contentful-paint-element']?.details as any)?.items?.[0]?.items?.[0]?.node;
      console.log('  LCP element', el?.snippet?.slice(0, 120), el?.nodeLabel?.slice(0, 80));
      const phases = (a['largest-contentful-paint-element']?.details as any)?.items?.[1]?.items;
      console.log('  phases', JSON.stringify(phases));
      const reqs = (a['network-requests']?.details as any)?.items?.map((x: any) => `${x.url.replace(server.url, '')} ${Math.round(x.transferSize/1024)}kB ${Math.round(x.networkRequestTime)}-${Math.round(x.networkEndTime)}`);
      console.log('  ', reqs?.join('\n   '));
      console.log('  bootup', JSON.stringify((a['bootup-time']?.details as any)?.items?.map((x: any) => [x.url.replace(server.url, ''), Math.round(x.total), Math.round(x.scripting)])));
    }
  }
}
await chrome.kill();
await server.close();
