// How this project launches Chromium, in one place for the browser tests (e2e/), the scripts and
// the benchmarks (decision 019). Which Chromium, first found:
//   1. CHROMIUM_PATH, when set (`CHROMIUM_PATH=@sparticuz/chromium` picks 3. even where 2. is);
//   2. Debian's /usr/bin/chromium, when installed (`apt-get install chromium`);
//   3. the Chromium that the npm package @sparticuz/chromium ships (a dev dependency of e2e/):
//      unpacked once into node_modules/.cache, with the libraries it brings (NSS, expat) and, on
//      a machine without fonts, its fonts.
// Playwright's own browser download is never used (it needs a host this machine cannot reach).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** CHROMIUM_PATH=@sparticuz/chromium takes the npm package's even where Debian's is installed. */
const NPM_CHROMIUM = '@sparticuz/chromium';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INSTALL_HINT = 'run `apt-get install chromium` or set CHROMIUM_PATH';

/** Options for playwright-core's chromium.launch(): which browser, its flags, its environment. */
export async function chromiumLaunchOptions() {
  const { executablePath, env } = await findChromium();
  return { executablePath, headless: true, args: CHROMIUM_ARGS, ...(env ? { env } : {}) };
}

/**
 * Checks that the Chromium of chromiumLaunchOptions() starts on this machine, and says which it is
 * ("Chromium 153.0.8010.0 (@sparticuz/chromium)"). Throws an Error whose message is one line
 * saying what to install: the browser tests' global setup calls it first.
 */
export async function checkChromiumStarts() {
  const { executablePath, env, source } = await findChromium();
  try {
    const { stdout } = await promisify(execFile)(executablePath, ['--version'], { env, timeout: 30_000 });
    return `${stdout.trim()} (${source})`;
  } catch (error) {
    // The last line: Debian's wrapper script may print a complaint of its own before the error.
    const reason = String(error.stderr || error.message)
      .trim()
      .split('\n')
      .at(-1);
    throw chromiumMissing(`${source} does not start here (${reason}); ${INSTALL_HINT}`);
  }
}

/** One line that says what to do, without the stack that would bury it. */
function chromiumMissing(what) {
  const error = new Error(`Browser tests need Chromium: ${what}`);
  error.stack = error.message;
  return error;
}

/** @returns {Promise<{ executablePath: string, env?: Record<string, string>, source: string }>} */
async function findChromium() {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen && chosen !== NPM_CHROMIUM) return { executablePath: chosen, source: `CHROMIUM_PATH=${chosen}` };
  if (!chosen && existsSync(DEBIAN_CHROMIUM))
    return { executablePath: DEBIAN_CHROMIUM, source: DEBIAN_CHROMIUM };
  const packageDir = npmChromiumPackageDir();
  if (packageDir === undefined) throw chromiumMissing(INSTALL_HINT);
  return npmChromium(packageDir);
}

/** Where @sparticuz/chromium is installed (as e2e/ resolves it), or undefined when it is not. */
function npmChromiumPackageDir() {
  try {
    const entry = createRequire(path.join(ROOT, 'e2e', 'package.json')).resolve('@sparticuz/chromium');
    return path.resolve(path.dirname(entry), '..');
  } catch {
    return undefined;
  }
}

/** The npm package's Chromium, unpacked on first use into a folder of its version. */
async function npmChromium(packageDir) {
  const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const dir = path.join(ROOT, 'node_modules', '.cache', `sparticuz-chromium-${version}`);
  if (!existsSync(path.join(dir, 'chromium'))) await unpackNpmChromium(packageDir, dir);
  // Its libraries come first (a bare machine has no libnss3); fonts only where the system has none.
  const env = {
    ...process.env,
    LD_LIBRARY_PATH: [path.join(dir, 'al2023', 'lib'), process.env.LD_LIBRARY_PATH],
  };
  env.LD_LIBRARY_PATH = env.LD_LIBRARY_PATH.filter(Boolean).join(':');
  if (!existsSync('/etc/fonts/fonts.conf')) env.FONTCONFIG_PATH = path.join(dir, 'fonts');
  return { executablePath: path.join(dir, 'chromium'), env, source: `@sparticuz/chromium ${version}` };
}

/**
 * Unpacks the browser (about 210 MB from 67 MB of Brotli), its libraries and fonts into `dir`,
 * through a folder of this process's own renamed at the end, so that a browser half unpacked (an
 * interrupted run, two runs at once) is never taken for a whole one.
 */
async function unpackNpmChromium(packageDir, dir) {
  const { inflate } = await import(pathToFileURL(path.join(packageDir, 'build', 'index.js')).href);
  const staging = `${dir}.partial-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  // The package's inflate() unpacks into os.tmpdir(), which it reads when called (it was made for
  // AWS Lambda's /tmp): point that at our folder for these calls only.
  const tmpdirBefore = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  let unpacking;
  try {
    unpacking = ['chromium.br', 'al2023.tar.br', 'fonts.tar.br'].map((file) =>
      inflate(path.join(packageDir, 'bin', file)),
    );
  } finally {
    if (tmpdirBefore === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdirBefore;
  }
  await Promise.all(unpacking);
  // The package's fonts.conf names /tmp/fonts; ours names where its fonts are.
  const fontsConf = `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${path.join(dir, 'fonts', 'fonts')}</dir><cachedir>${path.join(dir, 'fonts', 'cache')}</cachedir></fontconfig>\n`;
  await writeFile(path.join(staging, 'fonts', 'fonts.conf'), fontsConf);
  try {
    await rename(staging, dir);
  } catch (error) {
    // Another run unpacked it first: keep theirs.
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(path.join(dir, 'chromium'))) throw error;
  }
}
