import { type Browser, chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium-options.mjs';

export async function launchChromium(): Promise<Browser> {
  return chromium.launch(await chromiumLaunchOptions());
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
