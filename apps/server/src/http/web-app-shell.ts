import { escapeHtml } from './html.ts';

/*
 * index.html carries a static shell inside #root (the site header, the booking heading and a
 * loading state) so a slow phone paints the page before the JavaScript runs. It suits the booking
 * page; other public pages get it without the booking heading, and the admin app (a layout of its
 * own) without the shell. The parts are marked by comments in apps/web/index.html; a page without
 * the marks is served as it is.
 */

export type ShellVariant = 'booking' | 'page' | 'status' | 'manage' | 'admin';

/** Every variant, each served as a page of its own. */
export const SHELL_VARIANTS: readonly ShellVariant[] = ['booking', 'page', 'status', 'manage', 'admin'];

const BOOKING_HEADING = /<!-- booking-heading -->[\s\S]*?<!-- \/booking-heading -->/;
const WHOLE_SHELL = /<!-- app-shell -->[\s\S]*?<!-- \/app-shell -->/;

/** Which shell the page at `pathname` starts with (the web app's routes, apps/web/src/app.tsx). */
export function shellVariantOf(pathname: string): ShellVariant {
  const lower = pathname.toLowerCase();
  // The web app matches /admin paths whatever their case (admin-case-insensitive-router.tsx).
  if (lower === '/admin' || lower.startsWith('/admin/')) return 'admin';
  if (pathname === '/' || pathname === '/book' || pathname === '/index.html') return 'booking';
  // Pages whose code loads lazily: served with their files preloaded (web-app-preloads.ts).
  if (pathname === '/payment-status') return 'status';
  if (pathname.startsWith('/manage/')) return 'manage';
  return 'page';
}

export function pageWithShell(indexHtml: string, variant: ShellVariant): string {
  if (variant === 'admin') return indexHtml.replace(WHOLE_SHELL, '');
  if (variant === 'booking') return indexHtml;
  return indexHtml.replace(BOOKING_HEADING, '');
}

const CLINIC_NAME = /<!-- clinic-name -->[\s\S]*?<!-- \/clinic-name -->/;

/** The page's <meta> that tells the web app the clinic's saved name (apps/web/src/lib/clinic.ts). */
export const CLINIC_NAME_META = 'clinic-name';

/**
 * index.html with the clinic's saved name in the shell's header and in a <meta> the web app's
 * header starts from, so the name neither waits for a call nor changes as the app takes over.
 * An empty name (never saved) leaves the product's name and adds no meta.
 */
export function withClinicName(indexHtml: string, clinicName: string): string {
  if (!clinicName) return indexHtml;
  const escaped = escapeHtml(clinicName);
  const meta = `<meta name="${CLINIC_NAME_META}" content="${escaped}" />`;
  return indexHtml
    .replace(CLINIC_NAME, () => `<!-- clinic-name -->${escaped}<!-- /clinic-name -->`)
    .replace(/<\/head>/i, () => `${meta}</head>`);
}

/** The languages a page's shell is written in (the web app's `Locale`). */
export type ShellLanguage = 'en' | 'hi';

/**
 * The visitor's language from the `lang` cookie the web app sets when they choose one
 * (CONTRACT.md: `en` or `hi`); English without it or with anything else.
 */
export function shellLanguageOf(cookieHeader: string | undefined): ShellLanguage {
  if (!cookieHeader) return 'en';
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.split('=');
    if (name?.trim() === 'lang') return value?.trim() === 'hi' ? 'hi' : 'en';
  }
  return 'en';
}
