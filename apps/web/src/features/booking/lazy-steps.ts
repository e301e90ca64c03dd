import { lazy } from 'react';
import { currentLocale, preloadArea } from '../../i18n/i18n';

// Only the first step ships with the page; the others load while the visitor makes the first choice.
const importLocationStep = () => import('./location-step');
const importTherapistStep = () => import('./therapist-step');
const importDateTimeStep = () => import('./date-time-step');
const importDetailsStep = () => import('./details-step');
const importConfirmStep = () => import('./confirm-step');

export const LocationStep = lazy(() => importLocationStep().then((m) => ({ default: m.LocationStep })));
export const TherapistStep = lazy(() => importTherapistStep().then((m) => ({ default: m.TherapistStep })));
export const DateTimeStep = lazy(() => importDateTimeStep().then((m) => ({ default: m.DateTimeStep })));
export const DetailsStep = lazy(() => importDetailsStep().then((m) => ({ default: m.DetailsStep })));
export const ConfirmStep = lazy(() => importConfirmStep().then((m) => ({ default: m.ConfirmStep })));

export function preloadLaterSteps(): void {
  // In Hindi, the later steps' own words too (in English they come with the steps' chunks).
  if (currentLocale() !== 'en')
    for (const area of ['steps', 'details', 'waitlist'] as const) preloadArea(area);
  for (const load of [
    importLocationStep,
    importTherapistStep,
    importDateTimeStep,
    importDetailsStep,
    importConfirmStep,
  ]) {
    load().catch(() => undefined);
  }
}
