/**
 * The visitor's language on the public pages (issue 15): English or Hindi. The choice is kept in
 * localStorage and in the `lang` cookie the server reads (issue 30); a first visit follows the
 * browser's languages. The admin screens stay English.
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
    return localStorage.getItem(STORAGE_KEY) ?? cookieLocale();
  } catch {
    return cookieLocale(); // storage blocked: the cookie, else follow the browser
  }
}

export function storeLocale(locale: Locale): void {
  writeLocaleCookie(locale);
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Storage blocked (private mode): the choice lasts until the page is left.
  }
}

/** The cookie the server reads to write the first paint in the visitor's language (CONTRACT.md). */
export const LOCALE_COOKIE = 'lang';

/**
 * Keeps the choice in the `lang` cookie too (decision 054): the server cannot see localStorage,
 * and sends the page's shell (header, heading, crisis line, loading state) in this language.
 */
export function writeLocaleCookie(locale: Locale): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not on every phone
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** The language the cookie holds, if any (a choice made before storage was cleared or blocked). */
export function cookieLocale(
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
): Locale | null {
  const value = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(cookies)?.[1];
  return isLocale(value) ? value : null;
}

/** Intl's name for the locale: dates, times and rupees follow it (digits stay Latin in both). */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };
