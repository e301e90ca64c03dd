import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Imports run downward only (ARCHITECTURE.md, decision 043): a feature folder never imports one
 * that depends on it, directly or through others. Read from the source itself: every non-test
 * file under apps/server/src, its relative imports, grouped by feature folder.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));
const FEATURES = path.join(SRC, 'features');

const isSource = (name: string) => /\.(ts|mts)$/.test(name) && !/\.test\.ts$/.test(name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return isSource(entry.name) ? [full] : [];
  });
}

/** The feature folder a file lies in, if any. */
function featureOf(file: string): string | undefined {
  const relative = path.relative(FEATURES, file);
  if (relative.startsWith('..')) return undefined;
  return relative.split(path.sep)[0];
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Feature folder → the feature folders it imports, each with the files that do it. */
function featureImports(files: readonly string[]) {
  const edges = new Map<string, Map<string, string[]>>();
  for (const file of files) {
    const from = featureOf(file);
    if (!from) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = path.resolve(path.dirname(file), (match[1] ?? match[2])!);
      const to = featureOf(target);
      if (!to || to === from) continue;
      const targets = edges.get(from) ?? new Map<string, string[]>();
      edges.set(from, targets);
      targets.set(to, [
        ...(targets.get(to) ?? []),
        `${path.relative(SRC, file)} -> ${path.relative(SRC, target)}`,
      ]);
    }
  }
  return edges;
}

/** The imports between feature folders that close a cycle: A imports B while B reaches A. */
function importsClosingCycles(edges: Map<string, Map<string, string[]>>): string[] {
  const reaches = (start: string, goal: string) => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const folder = stack.pop()!;
      if (folder === goal) return true;
      if (seen.has(folder)) continue;
      seen.add(folder);
      stack.push(...(edges.get(folder)?.keys() ?? []));
    }
    return false;
  };
  const found: string[] = [];
  for (const [from, targets] of edges) {
    for (const [to, imports] of targets) {
      if (reaches(to, from))
        found.push(`${from} -> ${to} (while ${to} reaches ${from}): ${imports.join(', ')}`);
    }
  }
  return found.sort();
}

describe('the server’s layers', () => {
  it('has no import between feature folders that closes a cycle', () => {
    expect(importsClosingCycles(featureImports(sourceFiles(SRC)))).toEqual([]);
  });

  it('keeps the booking module free of every channel and of the folders above it', () => {
    const bookings = featureImports(sourceFiles(SRC)).get('bookings') ?? new Map();
    const above = ['messages', 'meetings', 'waitlist', 'self-service', 'privacy', 'payments', 'admin'];
    expect([...bookings.keys()].filter((folder) => above.includes(folder))).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const edges = new Map([
      ['bookings', new Map([['messages', ['features/bookings/a.ts -> features/messages/b.ts']]])],
      ['messages', new Map([['bookings', ['features/messages/b.ts -> features/bookings/c.ts']]])],
    ]);
    expect(importsClosingCycles(edges)).toEqual([
      'bookings -> messages (while messages reaches bookings): features/bookings/a.ts -> features/messages/b.ts',
      'messages -> bookings (while bookings reaches messages): features/messages/b.ts -> features/bookings/c.ts',
    ]);
  });
});
