import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The shape the developers' guide asks of the code (issue 23, "Must show"): no source file of
 * apps/ or packages/ over 300 lines, CSS included, and no function over 60 lines of its own
 * (its lines less those of the functions written inside it). Tests and their kits are left out:
 * a test reads best as the story it tells. The static legal pages are one long text each.
 */
const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 60;
const LONG_TEXT_PAGES = new Set([
  'apps/web/src/features/static-pages/terms-page.tsx',
  'apps/web/src/features/static-pages/privacy-policy-page.tsx',
]);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Source files of apps/ and packages/, tracked or new (not ignored), tests and test kits left out. */
function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'apps', 'packages'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return [...new Set(listed.split('\n'))]
    .filter((file) => /\.(ts|tsx|css)$/.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => !/\.test\.tsx?$/.test(file) && !file.split('/').includes('test'))
    .filter((file) => {
      try {
        readFileSync(path.join(root, file));
        return true;
      } catch {
        return false; // deleted in the work tree, not yet in the index
      }
    })
    .sort();
}

function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.AccessorDeclaration;

const isFunction = (node: ts.Node): node is FunctionNode =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/** "file:line name (N lines)" for every function of `file` longer than the limit, by its own lines. */
function longFunctions(file: string, text: string, limit = MAX_FUNCTION_LINES): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const span = (node: ts.Node) => lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (isFunction(node)) {
      let nested = 0;
      const countNested = (child: ts.Node) => {
        if (isFunction(child)) nested += span(child);
        else ts.forEachChild(child, countNested);
      };
      ts.forEachChild(node, countNested);
      const own = span(node) - nested;
      if (own > limit)
        found.push(`${file}:${lineOf(node.getStart(source)) + 1} ${nameOf(node)} (${own} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function nameOf(node: FunctionNode): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

describe('the shape of the code', () => {
  const files = sourceFiles();

  it('finds the source files', () => {
    expect(files).toContain('apps/server/src/app.ts');
    expect(files.some((file) => file.endsWith('.css'))).toBe(true);
  });

  it(`has no source file over ${MAX_FILE_LINES} lines`, () => {
    const long = files
      .map((file) => ({ file, lines: lineCount(readFileSync(path.join(root, file), 'utf8')) }))
      .filter(({ lines }) => lines > MAX_FILE_LINES)
      .map(({ file, lines }) => `${file} (${lines} lines)`);
    expect(long, 'split these files').toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines of its own`, () => {
    const long = files
      .filter((file) => /\.tsx?$/.test(file) && !LONG_TEXT_PAGES.has(file))
      .flatMap((file) => longFunctions(file, readFileSync(path.join(root, file), 'utf8')));
    expect(long, 'split these functions').toEqual([]);
  });

  it('counts a function by its own lines, without the functions written inside it', () => {
    const body = (lines: number) =>
      Array.from({ length: lines }, (_, n) => `  const v${n} = ${n};`).join('\n');
    const outer = `function outer() {\n${body(50)}\n  const inner = () => {\n${body(40)}\n  };\n}\n`;
    expect(longFunctions('x.ts', outer)).toEqual([]);
    expect(longFunctions('x.ts', `function big() {\n${body(60)}\n}\n`)).toEqual(['x.ts:1 big (62 lines)']);
  });
});
