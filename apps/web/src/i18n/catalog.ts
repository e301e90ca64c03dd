import type details from './en/details.json';
import { type CoreMessageId, messages as coreEnglish } from './en/index';
import type intake from './en/intake.json';
import type leave from './en/leave.json';
import type manage from './en/manage.json';
import type overview from './en/overview.json';
import type pages from './en/pages.json';
import type payment from './en/payment.json';
import type steps from './en/steps.json';
import type system from './en/system.json';
import type therapist from './en/therapist.json';
import type waitlist from './en/waitlist.json';
import type { Locale } from './locale';
import type { Messages } from './runtime';

/**
 * The message catalogues (decision 042): one JSON file per area in `en/` and the same files in
 * `hi/`, ICU strings compiled at build time (apps/web/lingui-compile.ts). The core (header, footer,
 * crisis line, the wizard's first step and progress) is in the first bundle in English and one
 * chunk in Hindi; the later steps (issue 30), the details form, the waitlist and each page opened
 * from a link (status, manage, legal) bring their English area in their own chunk and load the
 * Hindi one when needed.
 */
export type { CoreMessageId };
export type PageArea =
  | 'details'
  | 'intake'
  | 'leave'
  | 'manage'
  | 'pages'
  | 'payment'
  | 'steps'
  | 'system'
  | 'therapist'
  | 'waitlist';
export type MessageId =
  | CoreMessageId
  | keyof typeof details
  | keyof typeof intake
  | keyof typeof leave
  | keyof typeof manage
  // The owner's overview loads its own catalogues (decision 059), not through PAGE_AREAS: the
  // first screen does not carry a byte of it.
  | keyof typeof overview
  | keyof typeof pages
  | keyof typeof payment
  | keyof typeof steps
  | keyof typeof system
  | keyof typeof therapist
  | keyof typeof waitlist;

export const englishMessages = coreEnglish as unknown as Messages;

const asMessages = (module: { default: unknown }) => module.default as Messages;

/** The core catalogue of a locale: Hindi's is fetched the first time it is chosen. */
export async function loadCoreMessages(locale: Locale): Promise<Messages> {
  if (locale === 'en') return englishMessages;
  return (await import('./hi/index')).messages as unknown as Messages;
}

// Spelled out, so the bundler makes one small chunk per area and language. A page registers its
// English area with its own chunk (registerEnglishArea), so English needs no further request.
const PAGE_AREAS: Record<PageArea, Record<Locale, () => Promise<Messages>>> = {
  details: {
    en: () => import('./en/details.json').then(asMessages),
    hi: () => import('./hi/details.json').then(asMessages),
  },
  // The questionnaire page (issue 28, decision 058).
  intake: {
    en: () => import('./en/intake.json').then(asMessages),
    hi: () => import('./hi/intake.json').then(asMessages),
  },
  // Leave requests and the calendar feed (issue 25): a superadmin's screen and a therapist's, both in Hindi too.
  leave: {
    en: () => import('./en/leave.json').then(asMessages),
    hi: () => import('./hi/leave.json').then(asMessages),
  },
  manage: {
    en: () => import('./en/manage.json').then(asMessages),
    hi: () => import('./hi/manage.json').then(asMessages),
  },
  pages: {
    en: () => import('./en/pages.json').then(asMessages),
    hi: () => import('./hi/pages.json').then(asMessages),
  },
  payment: {
    en: () => import('./en/payment.json').then(asMessages),
    hi: () => import('./hi/payment.json').then(asMessages),
  },
  // The wizard's later steps (and the pages that reuse their pickers and summary): issue 30.
  steps: {
    en: () => import('./en/steps.json').then(asMessages),
    hi: () => import('./hi/steps.json').then(asMessages),
  },
  // The superadmin's System screen (decision 049): the one admin screen in Hindi too.
  system: {
    en: () => import('./en/system.json').then(asMessages),
    hi: () => import('./hi/system.json').then(asMessages),
  },
  // A therapist's own screens (decision 052): My day and the invitation's page, in Hindi too.
  therapist: {
    en: () => import('./en/therapist.json').then(asMessages),
    hi: () => import('./hi/therapist.json').then(asMessages),
  },
  waitlist: {
    en: () => import('./en/waitlist.json').then(asMessages),
    hi: () => import('./hi/waitlist.json').then(asMessages),
  },
};

export function loadAreaMessages(area: PageArea, locale: Locale): Promise<Messages> {
  return PAGE_AREAS[area][locale]();
}
