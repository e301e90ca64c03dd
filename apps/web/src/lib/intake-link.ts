/**
 * The path of a questionnaire link (`PUBLIC_URL/intake/{token}`, decision 058), opened on this
 * site whatever PUBLIC_URL's host: null unless it is one. The status and manage pages show it.
 */
export function intakeLinkPath(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { pathname } = new URL(url, 'http://localhost');
    return /^\/intake\/[A-Za-z0-9_-]+$/.test(pathname) ? pathname : null;
  } catch {
    return null;
  }
}
