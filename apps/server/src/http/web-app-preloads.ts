import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from './html.ts';
import type { ShellVariant } from './web-app-shell.ts';

/**
 * The lazily loaded pages a visitor lands on from an e-mail or the payment provider: their code
 * (and the chunks it imports) is preloaded by the page itself, so a phone fetches it alongside
 * the main script instead of after it (Lighthouse: LCP 3.5 s before on /payment-status).
 */
const LAZY_PAGES: Partial<Record<ShellVariant, string>> = {
  status: 'src/features/payments/payment-status-page.tsx',
  manage: 'src/features/manage/manage-page.tsx',
};

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * `<link>`s for each lazy page, from Vite's manifest; none when the build has no manifest.
 *
 * They ask for low priority, and the page's stylesheet is preloaded, not linked: the shell
 * (header, crisis line, loading state) is painted without waiting for them, and the page's code
 * finds them fetched when it asks (decision 066). `crossorigin` as Vite's own requests have it, or
 * the browser fetches each file twice.
 */
export function lazyPagePreloads(webDistDir: string): Map<ShellVariant, string> {
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  const preloads = new Map<ShellVariant, string>();
  if (!existsSync(manifestFile)) return preloads;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  // The main script and what it imports are in the page already.
  const inPage = new Set<string>();
  for (const chunk of Object.values(manifest).filter((chunk) => chunk.isEntry)) {
    collectChunk(manifest, chunk, inPage, new Set());
  }
  for (const [variant, source] of Object.entries(LAZY_PAGES) as [ShellVariant, string][]) {
    const page = manifest[source];
    if (!page) continue;
    const scripts = new Set<string>();
    const styles = new Set<string>();
    collectChunk(manifest, page, scripts, styles, inPage);
    const links = [
      ...[...styles].map((file) => linkTag(`rel="preload" as="style"`, file)),
      ...[...scripts].map((file) => linkTag('rel="modulepreload"', file)),
    ];
    if (links.length > 0) preloads.set(variant, links.join(''));
  }
  return preloads;
}

/** `chunk`'s file and those of the chunks it imports, each once, leaving out `skip`'s. */
function collectChunk(
  manifest: Manifest,
  chunk: ManifestChunk,
  scripts: Set<string>,
  styles: Set<string>,
  skip: ReadonlySet<string> = new Set(),
) {
  if (scripts.has(chunk.file) || skip.has(chunk.file)) return;
  scripts.add(chunk.file);
  for (const css of chunk.css ?? []) styles.add(css);
  for (const key of chunk.imports ?? []) {
    const imported = manifest[key];
    if (imported) collectChunk(manifest, imported, scripts, styles, skip);
  }
}

function linkTag(relation: string, file: string): string {
  return `<link ${relation} href="/${escapeHtml(file)}" crossorigin fetchpriority="low">`;
}
