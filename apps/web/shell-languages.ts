import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The first paint in Hindi (issue 30, decision 054): after the build, writes `index.hi.html`,
 * the built index.html with its shell's words (header, heading, crisis line, loading state, the
 * page's title) in Hindi, taken from the catalogues, `<html lang="hi">`, and the language switch
 * naming English. The server sends it to a visitor whose `lang` cookie says Hindi. A shell text
 * that cannot be found fails the build, so the shell and the catalogue never drift apart.
 */

/** The catalogue ids of the words index.html's shell shows, in its tags' text or attributes. */
export const SHELL_MESSAGE_IDS = [
  'booking.page.documentTitle',
  'booking.page.title',
  'booking.page.subtitle',
  'common.nav.label',
  'common.nav.home',
  'common.crisis.name',
  'common.crisis.line',
  'common.loading',
] as const;

type Catalogue = Record<string, string>;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A message's `<0>{value}</0>` parts: the element numbers in order and the plain text around them. */
const ELEMENT = /<(\d+)>\{\w+\}<\/\1>/g;

/**
 * Puts the Hindi of message `id` where index.html has its English. A message with elements
 * (the crisis line's three `tel:` links) keeps the page's own links, each where Hindi puts it.
 */
export function translateShellText(html: string, id: string, english: string, hindi: string): string {
  const pieces = english.split(ELEMENT);
  // split with one capture group: text, number, text, number, …, text
  const pattern = pieces
    .map((piece, index) => (index % 2 === 1 ? '(<a\\b[^>]*>[^<]*</a>)' : escapeRegExp(escapeHtml(piece))))
    .join('');
  const found = new RegExp(`(>|")${pattern}(<|")`).exec(html);
  if (!found) throw new Error(`index.html's shell has no "${english}" (${id}) to put in Hindi`);
  const links = new Map<string, string>();
  pieces.forEach((piece, index) => {
    if (index % 2 === 1) links.set(piece, found[Math.ceil(index / 2) + 1] ?? '');
  });
  const translated = hindi
    .split(ELEMENT)
    .map((piece, index) => {
      if (index % 2 === 0) return escapeHtml(piece);
      const link = links.get(piece);
      if (link === undefined) throw new Error(`${id}: the Hindi has element <${piece}>, the English not`);
      return link;
    })
    .join('');
  const opening = found[1] ?? '';
  const closing = found.at(-1) ?? '';
  return html.replace(found[0], () => `${opening}${translated}${closing}`);
}

/** index.html in Hindi: every shell text, `<html lang>` and the language switch. */
export function hindiShell(html: string, english: Catalogue, hindi: Catalogue): string {
  let page = html.replace(/<html lang="en"/, '<html lang="hi"');
  if (page === html) throw new Error('index.html has no <html lang="en">');
  for (const id of SHELL_MESSAGE_IDS) {
    const [en, hi] = [english[id], hindi[id]];
    if (en === undefined || hi === undefined) throw new Error(`no message ${id} in both catalogues`);
    page = translateShellText(page, id, en, hi);
  }
  const withSwitch = page.replace(
    /(<button\b[^>]*class="site-nav__language"[^>]*?)lang="hi">हिन्दी</,
    '$1lang="en">English<',
  );
  if (withSwitch === page) throw new Error("index.html's shell has no language switch naming Hindi");
  return withSwitch;
}

async function catalogue(root: string, locale: 'en' | 'hi'): Promise<Catalogue> {
  const read = async (file: string) =>
    JSON.parse(await readFile(path.join(root, 'src', 'i18n', locale, file), 'utf8')) as Catalogue;
  return { ...(await read('booking.json')), ...(await read('common.json')) };
}

export function shellLanguages(): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'shell-languages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const page = hindiShell(html, await catalogue(root, 'en'), await catalogue(root, 'hi'));
      await writeFile(path.join(outDir, 'index.hi.html'), page);
    },
  };
}
