import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PREACT_FOR_REACT } from './preact-for-react.ts';

const SOURCE = fileURLToPath(new URL('./src', import.meta.url));

/** Named value imports from React's modules in the app's source: `{ module: names }`. */
function reactImports(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const files = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
  const statement = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'(react(?:-dom)?(?:\/client)?)'/g;
  for (const file of files) {
    const text = readFileSync(path.join(SOURCE, file), 'utf8');
    for (const [, typeOnly, names = '', module = ''] of text.matchAll(statement)) {
      if (typeOnly) continue;
      const values = names
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name && !name.startsWith('type '))
        .map((name) => name.split(/\s+as\s+/)[0] ?? name);
      const set = found.get(module) ?? new Set<string>();
      for (const name of values) set.add(name);
      found.set(module, set);
    }
  }
  return found;
}

/**
 * The app is typed against React but runs on Preact (decision 064): a React-only function would
 * type-check and then be undefined in the browser. Each one the app imports must be Preact's too.
 */
describe('React’s API as the app uses it', () => {
  const imports = reactImports();

  it('finds the imports it checks', () => {
    expect(imports.get('react')?.has('useState')).toBe(true);
    expect(imports.get('react-dom/client')?.has('createRoot')).toBe(true);
  });

  it.each([...imports.keys()])('has every name imported from %s in Preact', async (module) => {
    const alias = PREACT_FOR_REACT.find((each) => each.find.test(module));
    expect(alias, `no Preact alias for ${module}`).toBeDefined();
    const preact = (await import(alias?.replacement ?? '')) as Record<string, unknown>;
    const missing = [...(imports.get(module) ?? [])].filter((name) => preact[name] === undefined);
    expect(missing).toEqual([]);
  });
});
