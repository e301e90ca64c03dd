// `npm run screenshots`: builds the web app, runs the server on a fresh demo database on a free
// port, walks through the booking wizard in Chromium and saves a PNG of every step, at phone
// (390x844) and desktop (1280x800) sizes, into docs/screenshots/.
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium-options.mjs';
import { TYPESCRIPT_FLAGS } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'docs', 'screenshots');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'PUBLIC_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD']) delete env[name];
  const child = spawn(process.execPath, [...TYPESCRIPT_FLAGS, 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 120_000);
    const check = setInterval(() => {
      if (!output.includes('is running at')) return;
      clearInterval(check);
      clearTimeout(timer);
      resolve();
    }, 100);
    child.once('exit', (code) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
  const stopped = new Promise((resolve) => child.once('exit', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill('SIGTERM');
      return stopped;
    },
  };
}

/** Saves the page from the top to the end of its main content (the footer is the same everywhere). */
async function shoot(page, name, size) {
  // Lazy images below the fold load only once scrolled to.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
  const main = await page.locator('main').boundingBox();
  const file = path.join(outDir, `${name}-${size}.png`);
  await page.screenshot({
    path: file,
    fullPage: true,
    animations: 'disabled',
    clip: { x: 0, y: 0, width: SIZES[size].width, height: Math.ceil(main.y + main.height) },
  });
  console.log(`  ${path.relative(root, file)}`);
}

const step = (page, name) => page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
const next = (page) => page.getByRole('button', { name: 'Continue', exact: true }).click();

async function fillDetails(page) {
  await page.getByLabel('Full name').fill('Anita Sharma');
  await page.getByLabel('Email').fill('anita.sharma@example.com');
  await page.getByLabel('Mobile number').fill('9876543210');
  await page.getByLabel('Age').fill('34');
  await page.getByRole('radio', { name: /Individual/ }).check();
  await page.getByLabel('State').selectOption('Maharashtra');
  await page.getByLabel('City').selectOption('Mumbai');
}

async function chooseSlot(page) {
  await page.locator('.date-strip__date').nth(1).click();
  await page.locator('.slot-grid__slot').nth(1).click();
}

async function inPersonFlow(page, baseUrl, size) {
  await page.goto(`${baseUrl}/`);
  await step(page, 'How would you like to meet?');
  await page.getByRole('radio', { name: /In-Person Session/ }).check();
  await shoot(page, 'wizard-1-type', size);
  await next(page);
  await step(page, 'Select Location');
  await page.getByRole('radio', { name: /West Branch/ }).check();
  await shoot(page, 'wizard-2-location', size);
  await next(page);
  await step(page, 'Select Your Therapist');
  await page.locator('.therapist-card').first().waitFor();
  await shoot(page, 'wizard-3-therapist', size);
  await page.getByRole('button', { name: 'Priya Nair', exact: true }).click();
  await step(page, 'Select Date & Time');
  await chooseSlot(page);
  await shoot(page, 'wizard-4-date-time', size);
  await next(page);
  await step(page, 'Your Information');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByText('There is a problem').waitFor();
  await shoot(page, 'wizard-5-details-errors', size);
  await fillDetails(page);
  await shoot(page, 'wizard-5-details', size);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await step(page, 'Confirm Booking');
  await shoot(page, 'wizard-6-confirm-in-person', size);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await step(page, 'Booking Confirmed!');
  await shoot(page, 'status-confirmed-in-person', size);
}

async function onlineFlow(page, baseUrl, size, outcome) {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('radio', { name: /Online Session/ }).check();
  await next(page);
  await step(page, 'Select Your Therapist');
  await page
    .getByRole('button', { name: outcome === 'pay' ? 'Asha Menon' : 'Arjun Iyer', exact: true })
    .click();
  await step(page, 'Select Date & Time');
  await chooseSlot(page);
  await next(page);
  await step(page, 'Your Information');
  await fillDetails(page);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await step(page, 'Confirm Payment');
  if (outcome === 'pay') await shoot(page, 'wizard-6-confirm-online', size);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const pay = page.getByRole('button', { name: /^Pay ₹/ });
  await pay.waitFor();
  if (outcome === 'pay') await pay.click();
  else await page.getByRole('button', { name: 'Fail payment' }).click();
  await step(page, outcome === 'pay' ? 'Booking Confirmed!' : 'Payment Failed!');
  await shoot(page, outcome === 'pay' ? 'status-confirmed-online' : 'status-payment-failed', size);
}

async function main() {
  console.log('Building the web app...');
  const build = spawnSync(npm, ['run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('building the web app failed');

  const dataDir = await mkdtemp(path.join(tmpdir(), 'therapy-screenshots-'));
  console.log('Starting the server on a fresh demo database...');
  const server = await startServer(dataDir);
  const browser = await chromium.launch(await chromiumLaunchOptions());
  try {
    await mkdir(outDir, { recursive: true });
    for (const [size, viewport] of Object.entries(SIZES)) {
      console.log(`Screenshots at ${size} size (${viewport.width}x${viewport.height}):`);
      for (const flow of [
        (page) => inPersonFlow(page, server.url, size),
        (page) => onlineFlow(page, server.url, size, 'pay'),
        (page) => onlineFlow(page, server.url, size, 'fail'),
      ]) {
        const page = await browser.newPage({ viewport });
        await flow(page);
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
