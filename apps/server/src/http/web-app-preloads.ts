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

/** `<link>`s for each lazy page, from Vite's manifest; none when the build has no manifest. */
export function lazyPagePreloads(webDistDir: string): Map<ShellVariant, string> {
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  const preloads = new Map<ShellVariant, string>();
  if (!existsSync(manifestFile)) return preloads;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  for (const [variant, source] of Object.entries(LAZY_PAGES) as [ShellVariant, string][]) {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      // The entry (the main script) is in the page already; a chunk seen once is enough.
      if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(source);
    const links = [
      ...[...styles].map((file) => `<link rel="stylesheet" href="/${escapeHtml(file)}">`),
      ...[...scripts].map((file) => `<link rel="modulepreload" href="/${escapeHtml(file)}">`),
    ];
    if (links.length > 0) preloads.set(variant, links.join(''));
  }
  return preloads;
}
