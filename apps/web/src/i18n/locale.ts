/**
 * The visitor's language on the public pages (issue 15): English or Hindi. The choice is kept in
 * localStorage; a first visit follows the browser's languages. The admin screens stay English.
 */
export type Locale = 'en' | 'hi';
export const LOCALES: readonly Locale[] = ['en', 'hi'];

const STORAGE_KEY = 'language';

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'hi';
}

/** The stored choice, else the first of the browser's languages that is English or Hindi. */
export function preferredLocale(
  stored: string | null = readStoredLocale(),
  browserLanguages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Locale {
  if (isLocale(stored)) return stored;
  for (const language of browserLanguages) {
    const primary = language.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return 'en';
}

/** Whether the visitor chose a language on this device (a link's own language yields to it). */
export function hasStoredLocale(): boolean {
  return isLocale(readStoredLocale());
}

function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage blocked: follow the browser
  }
}

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Storage blocked (private mode): the choice lasts until the page is left.
  }
}

/** Intl's name for the locale: dates, times and rupees follow it (digits stay Latin in both). */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };
