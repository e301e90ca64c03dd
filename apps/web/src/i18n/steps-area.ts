import englishSteps from './en/steps.json';
import { registerEnglishArea, useCatalogueArea } from './i18n';
import type { Locale } from './locale';

// Imported by the later steps' chunks and the pages that reuse their pickers and summary (manage,
// waitlist offer), never by the first screen: their English words come with them (issue 30).
registerEnglishArea('steps', englishSteps);

/** The later steps' words in the visitor's language: suspends until they are loaded. */
export function useStepsCatalogue(locale: Locale): void {
  useCatalogueArea('steps', locale);
}
