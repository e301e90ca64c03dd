import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium-options.mjs';

let running: Promise<Browser> | undefined;

/**
 * Chromium for a test file: one browser per worker, started once and kept from file to file (the
 * browser files keep their modules between files: vitest.config.ts), each file with a handle of
 * its own whose close() closes the contexts and pages that file opened, so no file meets
 * another's cookies, storage or pages. Starting Chromium for each of some forty files cost about
 * a second of each.
 */
export async function launchChromium(): Promise<Browser> {
  running ??= chromium.launch(await chromiumLaunchOptions()).then((browser) => {
    browser.once('disconnected', () => {
      running = undefined;
    });
    return browser;
  });
  return fileHandle(await running);
}

function fileHandle(browser: Browser): Browser {
  const opened = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    opened.add(context);
    context.once('close', () => opened.delete(context));
    return context;
  };
  return new Proxy(browser, {
    get(target, property, receiver) {
      if (property === 'newContext') {
        return async (...options: Parameters<Browser['newContext']>) =>
          track(await target.newContext(...options));
      }
      if (property === 'newPage') {
        return async (...options: Parameters<Browser['newPage']>) => {
          const page = await target.newPage(...options);
          track(page.context());
          return page;
        };
      }
      if (property === 'close') {
        return async () => {
          await Promise.all([...opened].map((context) => context.close()));
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
