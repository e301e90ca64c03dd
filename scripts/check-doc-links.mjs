// Checks the relative links of the README and docs/: every `](path)` and `src="path"` names a
// file or folder that exists, and every `#anchor` names a heading of the page it points to
// (GitHub's slugs). Usage: node scripts/check-doc-links.mjs [files…]; exits 1 on a broken link.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

// GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens.
function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file) {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slug(match[1])));
}

function linksOf(text) {
  const outside = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '``');
  const links = [...outside.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]);
  const sources = [...text.matchAll(/src="([^"]+)"/g)].map((match) => match[1]);
  return [...links, ...sources].filter((link) => !/^[a-z]+:/i.test(link));
}

const files =
  process.argv.length > 2
    ? process.argv.slice(2).map((file) => path.resolve(file))
    : [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];
let broken = 0;
let checked = 0;
for (const file of files) {
  for (const link of linksOf(readFileSync(file, 'utf8'))) {
    checked += 1;
    const [target, anchor] = link.split('#');
    const resolved = target ? path.resolve(path.dirname(file), decodeURIComponent(target)) : file;
    let problem = '';
    if (!existsSync(resolved)) problem = 'no such file';
    else if (
      anchor &&
      statSync(resolved).isFile() &&
      resolved.endsWith('.md') &&
      !anchorsOf(resolved).has(anchor)
    )
      problem = `no heading #${anchor}`;
    if (problem) {
      broken += 1;
      console.log(`${path.relative(root, file)}: ${link}: ${problem}`);
    }
  }
}
console.log(`doc links: ${checked} checked, ${broken} broken`);
process.exit(broken ? 1 : 0);
