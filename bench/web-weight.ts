import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Report } from './report.ts';
import { targets } from './targets.ts';

const KB = 1000; // kB as Vite prints them

/**
 * Scenario 4: what a visitor's phone downloads before the first screen works. Builds the web app
 * as production does (into a temporary directory, so a running dev server or `npm start` is not
 * disturbed), then gzips the JavaScript that index.html loads at once: the entry script and its
 * modulepreload links, and every chunk it imports statically. Lazily loaded chunks (later wizard
 * steps, admin, the footer) are left out.
 */
export async function benchWebWeight(root: string, report: Report, group: string) {
  const outDir = await mkdtemp(path.join(tmpdir(), 'therapy-bench-web-'));
  try {
    const build = spawnSync(
      path.join(root, 'node_modules', '.bin', 'vite'),
      ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: path.join(root, 'apps', 'web'),
        stdio: ['ignore', 'inherit', 'inherit'],
        // React's production build, whatever NODE_ENV the caller has.
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status ?? build.signal})`);

    const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    const scripts = attributeValues(html, /<script\b[^>]*\btype="module"[^>]*>/g, 'src');
    const preloads = attributeValues(html, /<link\b[^>]*\brel="modulepreload"[^>]*>/g, 'href');
    const styles = attributeValues(html, /<link\b[^>]*\brel="stylesheet"[^>]*>/g, 'href');
    if (scripts.length === 0) throw new Error('index.html loads no module script');

    const gzipped = async (files: string[]) => {
      let total = 0;
      for (const file of files) total += gzipSync(await readFile(path.join(outDir, file))).length;
      return total;
    };
    // Issue 30: also every chunk the entry imports statically, listed as a preload or not (a
    // build without modulepreload links would otherwise look lighter than it is).
    const manifest = await readManifest(outDir);
    const firstScreen = new Set([...scripts, ...preloads, ...staticImports(manifest, scripts)]);
    const js = await gzipped([...firstScreen]);
    const css = await gzipped(styles);
    report.check(
      group,
      `first-screen JS, gzip (${scripts.length} entry + ${firstScreen.size - scripts.length} it imports)`,
      Math.round((js / KB) * 10) / 10,
      targets.web.firstScreenJsKb,
    );
    report.info(group, 'first-screen CSS, gzip', Math.round((css / KB) * 10) / 10, 'kB');

    // Issue 15: a visitor reading Hindi also fetches the Hindi core catalogue (and whatever it
    // imports that the first screen does not already hold), and nothing more, before the screen works.
    const hindi = hindiChunks(manifest, firstScreen);
    report.check(
      group,
      `first-screen JS in Hindi, gzip: what Hindi adds (${hindi.length} chunk)`,
      Math.round(((await gzipped(hindi)) / KB) * 10) / 10,
      targets.web.hindiExtraKb,
    );
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

type ManifestEntry = { file: string; imports?: string[] };

type Manifest = Record<string, ManifestEntry>;

async function readManifest(outDir: string): Promise<Manifest> {
  return JSON.parse(await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The files the entry scripts import statically, and those they import, from the manifest. */
function staticImports(manifest: Manifest, entryFiles: string[]): string[] {
  const files = new Set<string>();
  const visit = (entry: ManifestEntry | undefined) => {
    for (const key of entry?.imports ?? []) {
      const imported = manifest[key];
      if (!imported || files.has(imported.file)) continue;
      files.add(imported.file);
      visit(imported);
    }
  };
  for (const entry of Object.values(manifest)) if (entryFiles.includes(entry.file)) visit(entry);
  return [...files];
}

/** The build's files behind `src/i18n/hi/index.ts` (the Hindi core catalogue) not already loaded. */
function hindiChunks(manifest: Manifest, loaded: Set<string>): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || loaded.has(entry.file) || files.has(entry.file)) return;
    files.add(entry.file);
    for (const imported of entry.imports ?? []) visit(imported);
  };
  visit('src/i18n/hi/index.ts');
  if (files.size === 0) throw new Error('the build has no Hindi catalogue chunk');
  return [...files];
}

/** The files that matching tags point at, as paths inside the build directory. */
function attributeValues(html: string, tag: RegExp, attribute: string): string[] {
  const values: string[] = [];
  for (const [element] of html.matchAll(tag)) {
    const value = new RegExp(`\\b${attribute}="([^"]+)"`).exec(element)?.[1];
    if (value && !/^[a-z]+:\/\//i.test(value)) values.push(value.replace(/^\//, ''));
  }
  return values;
}
