import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { englishMessages } from './catalog';
import { format, MessageRuntime } from './runtime';

const catalogues = import.meta.glob<{ default: Record<string, string> }>('./{en,hi}/*.json', { eager: true });

/** Sample values for every name a message fills in: counts of 0, 1 and 5, a word for the rest. */
function samples(message: string): Record<string, unknown>[] {
  const names = [...message.matchAll(/\{(\w+)/g)].map((match) => match[1] ?? '');
  return [0, 1, 5].map((count) =>
    Object.fromEntries(names.map((name) => [name, name === 'count' ? count : `«${name}»`])),
  );
}

describe('the message runtime', () => {
  it('formats every message of every catalogue as Lingui does', () => {
    let compared = 0;
    for (const [file, { default: messages }] of Object.entries(catalogues)) {
      const locale = file.startsWith('./hi/') ? 'hi' : 'en';
      const lingui = setupI18n({ locale, messages: { [locale]: messages } });
      for (const [id, message] of Object.entries(messages)) {
        for (const values of samples(message)) {
          expect(format(compileMessage(message), values, locale), `${file} ${id}`).toBe(lingui._(id, values));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('falls back to English, then to the id, and tells subscribers of every change', () => {
    const runtime = new MessageRuntime('en', { en: englishMessages });
    let changes = 0;
    runtime.subscribe(() => changes++);
    runtime.load('hi', { 'common.nav.home': 'होम' });
    runtime.activate('hi');
    expect(runtime._('common.nav.home')).toBe('होम');
    expect(runtime._('common.retry')).toBe('Retry');
    expect(runtime._('no.such.message')).toBe('no.such.message');
    expect(changes).toBe(2);
  });
});
