#!/usr/bin/env node
// Says which Chromium the browser tests will use, once it has started here (`--version`), or, in
// one line and with exit code 1, what to install. Usage: node scripts/check-chromium.mjs
import { checkChromiumStarts } from './chromium-options.mjs';

try {
  console.log(await checkChromiumStarts());
} catch (error) {
  console.error(error.message);
  process.exitCode = 1;
}
