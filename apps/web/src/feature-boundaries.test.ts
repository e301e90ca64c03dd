import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The web app's features stay apart (issue 23, decision 045): a file under `features/X` never
 * imports `features/Y`, statically or lazily; what two features share lives below them, in
 * `kit/`, `components/` or `lib/`, which import no feature. Inside `features/admin` (one feature)
 * the screens keep a tidy shape: none imports the shell that routes to them, and no two screens'
 * folders import each other, directly or around a ring.
 */

const webSource = path.dirname(fileURLToPath(import.meta.url));

type Import = { from: string; line: number; to: string };

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(webSource, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** Every relative import of a file (static, re-export or `import()`), resolved against src/. */
export function importsOf(file: string, text: string): Import[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .filter((found) => found.fileName.startsWith('.'))
    .map((found) => ({
      from: file,
      line: text.slice(0, found.pos).split('\n').length,
      to: path.posix.normalize(path.posix.join(path.posix.dirname(file), found.fileName)),
    }));
}

const importsIn = (folder: string) =>
  sourceFiles(folder).flatMap((file) => importsOf(file, readFileSync(path.join(webSource, file), 'utf8')));

/** `features/booking/date-strip` → `booking`; outside features, null. */
const featureOf = (file: string) => /^features\/([^/]+)\//.exec(file)?.[1] ?? null;

const described = (found: Import) => `${found.from}:${found.line} imports ${found.to}`;

/** The imports that cross from one feature into another. */
export function crossFeatureImports(imports: readonly Import[]): string[] {
  return imports
    .filter((found) => {
      const target = featureOf(found.to);
      return target !== null && target !== featureOf(found.from);
    })
    .map(described);
}

/** The admin screen folder of a file (`features/admin/waitlist/x` → `waitlist`); root files: null. */
const adminScreenOf = (file: string) => /^features\/admin\/([^/]+)\//.exec(file)?.[1] ?? null;
const ADMIN_SHELL = /^features\/admin\/(admin-app|admin-layout|admin-sidebar)(\.tsx?)?$/;

/** The pairs of admin screen folders that import each other, directly or around a ring. */
export function adminScreenRings(imports: readonly Import[]): string[] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const [a, b] = [adminScreenOf(from), adminScreenOf(to)];
    if (a && b && a !== b) edges.set(a, (edges.get(a) ?? new Set()).add(b));
  }
  const reaches = (start: string, goal: string) => {
    const seen = new Set<string>();
    const next = [start];
    while (next.length > 0) {
      const folder = next.pop() as string;
      if (folder === goal) return true;
      if (seen.has(folder)) continue;
      seen.add(folder);
      next.push(...(edges.get(folder) ?? []));
    }
    return false;
  };
  const rings = new Set<string>();
  for (const [a, targets] of edges) {
    for (const b of targets)
      if (reaches(b, a))
        rings.add(
          [a, b]
            .sort()
            .map((x) => `admin/${x}`)
            .join(' ⇄ '),
        );
  }
  return [...rings].sort();
}

describe('web features stay apart (issue 23)', () => {
  const featureImports = importsIn('features');

  it('finds the imports of the features', () => {
    expect(featureImports.length).toBeGreaterThan(300);
  });

  it('has no import from one feature into another', () => {
    expect(crossFeatureImports(featureImports)).toEqual([]);
  });

  it('keeps kit/, components/, lib/ and i18n/ below the features', () => {
    const shared = ['kit', 'components', 'lib', 'i18n'].flatMap(importsIn);
    expect(shared.filter((found) => featureOf(found.to) !== null).map(described)).toEqual([]);
  });

  it('lets no admin screen import the shell that routes to it', () => {
    const upward = featureImports.filter((found) => adminScreenOf(found.from) && ADMIN_SHELL.test(found.to));
    expect(upward.map(described)).toEqual([]);
  });

  it('has no two admin screen folders importing each other', () => {
    expect(adminScreenRings(featureImports)).toEqual([]);
  });

  it('names the file and line of an import between features, lazy ones too', () => {
    const probe = [
      "import { DateStrip } from '../booking/date-strip';",
      "import { Button } from '../../components/button';",
      "const Page = lazy(() => import('../payments/payment-status-page'));",
      "import { x } from './offer-api';",
    ].join('\n');
    expect(crossFeatureImports(importsOf('features/waitlist/offer-page.tsx', probe))).toEqual([
      'features/waitlist/offer-page.tsx:1 imports features/booking/date-strip',
      'features/waitlist/offer-page.tsx:3 imports features/payments/payment-status-page',
    ]);
  });

  it('finds a ring of admin screens', () => {
    const probe = (from: string, to: string) => ({ from: `features/admin/${from}/a.ts`, line: 1, to });
    expect(
      adminScreenRings([
        probe('dashboard', 'features/admin/front-desk/row'),
        probe('front-desk', 'features/admin/ui/table'),
        probe('ui', 'features/admin/dashboard/button'),
        probe('reports', 'features/admin/income/page'),
      ]),
    ).toEqual([
      'admin/dashboard ⇄ admin/front-desk',
      'admin/dashboard ⇄ admin/ui',
      'admin/front-desk ⇄ admin/ui',
    ]);
  });
});
