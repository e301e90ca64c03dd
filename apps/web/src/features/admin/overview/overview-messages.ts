import { use } from 'react';
import englishOverview from '../../../i18n/en/overview.json';
import { i18n } from '../../../i18n/i18n';
import type { Locale } from '../../../i18n/locale';
import type { Messages } from '../../../i18n/runtime';

/*
 * The overview's words (decision 059), loaded by this screen's own chunk rather than through the
 * catalogue's list of page areas, which ships in the first screen: the booking wizard carries not
 * a byte of the overview. English comes with the chunk; Hindi is fetched when the screen is read
 * in Hindi, and the screen waits (suspends) for it.
 */
i18n.load('en', englishOverview as unknown as Messages);

let hindi: Promise<void> | undefined;

export function useOverviewMessages(locale: Locale): void {
  if (locale !== 'hi') return;
  hindi ??= import('../../../i18n/hi/overview.json').then(
    (module) => i18n.load('hi', module.default as unknown as Messages),
    (error: unknown) => {
      hindi = undefined; // fetched again next time (offline)
      throw error;
    },
  );
  use(hindi);
}
