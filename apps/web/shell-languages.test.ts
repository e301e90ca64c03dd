import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hindiShell, SHELL_MESSAGE_IDS } from './shell-languages.ts';
import englishBooking from './src/i18n/en/booking.json';
import english from './src/i18n/en/common.json';
import hindiBooking from './src/i18n/hi/booking.json';
import hindi from './src/i18n/hi/common.json';

const here = path.dirname(fileURLToPath(import.meta.url));
const en = { ...englishBooking, ...english } as Record<string, string>;
const hi = { ...hindiBooking, ...hindi } as Record<string, string>;

describe('index.html’s shell in Hindi (index.hi.html)', () => {
  it('has every shell text of index.html in Hindi, the links of the crisis line kept', async () => {
    const html = await readFile(path.join(here, 'index.html'), 'utf8');
    const page = hindiShell(html, en, hi);
    expect(page).toContain('<html lang="hi">');
    expect(page).toContain('<h1>अपना थेरेपी सत्र बुक करें</h1>');
    expect(page).toContain('<title>थेरेपी सत्र बुक करें</title>');
    expect(page).toContain('aria-label="तुरंत मदद"');
    expect(page).toContain('lang="en">English</button>');
    expect(page).toContain('<a href="tel:14416">14416</a> या <a href="tel:18008914416">1-800-891-4416</a>');
    for (const id of SHELL_MESSAGE_IDS) {
      const text = (en[id] ?? '').split('<')[0] ?? '';
      expect(page, id).not.toContain(`>${text}`);
    }
  });

  it('fails the build when a shell text is not in the page', () => {
    expect(() => hindiShell('<html lang="en"><h1>Something else</h1>', en, hi)).toThrow(/no "/);
  });
});
