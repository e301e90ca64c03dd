import { use, useEffect } from 'react';
import {
  englishMessages,
  loadAreaMessages,
  loadCoreMessages,
  type MessageId,
  type PageArea,
} from './catalog';
import { type Locale, preferredLocale, storeLocale } from './locale';
import { MessageRuntime, type Messages } from './runtime';

/** The public pages' one message runtime; the core English messages are loaded from the start. */
export const i18n = new MessageRuntime('en', { en: englishMessages });

// Every English message loaded so far, for reading the server's English words back (notice.ts).
const englishKnown: Messages = { ...englishMessages };
let idsByEnglishText: Map<string, MessageId> | undefined;

function loadInto(locale: Locale, messages: Messages): void {
  i18n.load(locale, messages);
  if (locale !== 'en') return;
  Object.assign(englishKnown, messages);
  idsByEnglishText = undefined;
}

/** Whether `id` is a message loaded in English (a catalogue id kept in the persisted draft). */
export function isLoadedMessageId(id: string): id is MessageId {
  return Object.hasOwn(englishKnown, id);
}

/** The id of a loaded English message with nothing to fill in whose text is `text`. */
export function idOfEnglishText(text: string): MessageId | undefined {
  idsByEnglishText ??= new Map(
    Object.entries(englishKnown)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([id, message]) => [message, id as MessageId]),
  );
  return idsByEnglishText.get(text);
}

/** A promise React's `use` reads at once, without suspending: the messages are already in. */
function settled(): Promise<void> {
  return Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });
}

// What has been loaded into `i18n`, per locale: 'core' and each page area in use.
const loaded = new Map<string, Promise<void>>([['en:core', settled()]]);
const areasInUse = new Set<PageArea>();

/** A page's English messages, imported with the page's own chunk: loaded as the chunk arrives. */
export function registerEnglishArea(area: PageArea, messages: unknown): void {
  if (loaded.has(`en:${area}`)) return;
  loadInto('en', messages as Messages);
  loaded.set(`en:${area}`, settled());
}

function ensureLoaded(locale: Locale, part: 'core' | PageArea): Promise<void> {
  const key = `${locale}:${part}`;
  let pending = loaded.get(key);
  if (!pending) {
    const messages = part === 'core' ? loadCoreMessages(locale) : loadAreaMessages(part, locale);
    pending = messages.then((found) => loadInto(locale, found));
    // A failed fetch (offline) is tried again next time rather than remembered.
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

/**
 * Switches the public pages' language: loads its core catalogue and those of the page areas in
 * use (once each), then sets `<html lang>`. Remembered only when the visitor chose it.
 */
export async function activateLocale(locale: Locale, { remember = false } = {}): Promise<void> {
  await Promise.all([
    ensureLoaded(locale, 'core'),
    ...[...areasInUse].map((area) => ensureLoaded(locale, area)),
  ]);
  if (i18n.locale !== locale) i18n.activate(locale);
  document.documentElement.lang = locale;
  if (remember) storeLocale(locale);
}

/**
 * A page opened from a link brings its own messages: this suspends it (under the app's
 * Suspense, which shows the loading state) until they are loaded in the visitor's language.
 */
export function useCatalogueArea(area: PageArea, locale: Locale): void {
  areasInUse.add(area);
  use(ensureLoaded(locale, area));
}

/** Starts fetching an area in the visitor's language ahead of the step that shows it. */
export function preloadArea(area: PageArea): void {
  ensureLoaded(currentLocale(), area).catch(() => undefined);
}

/** The active locale, as the rest of the app names it. */
export function currentLocale(): Locale {
  return i18n.locale === 'hi' ? 'hi' : 'en';
}

/** A message outside React (built in handlers, or a class component). */
export function translate(id: MessageId, values?: Record<string, unknown>): string {
  return i18n._(id, values);
}

/**
 * The admin screens stay English: while one is open the catalogue is English (not remembered),
 * and the visitor's own choice comes back when they leave it.
 */
export function useEnglishWhileMounted(): void {
  useEffect(() => {
    void activateLocale('en');
    return () => void activateLocale(preferredLocale()).catch(() => undefined);
  }, []);
}
