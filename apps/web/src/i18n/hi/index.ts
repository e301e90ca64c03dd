import type { CoreMessageId } from '../en/index';
import booking from './booking.json';
import common from './common.json';

/**
 * The Hindi messages of the first screen (as en/index.ts), one chunk fetched when Hindi is chosen:
 * typed against the English keys, so a key missing here fails the type-check (and
 * i18n/catalog.test.ts). The build compiles each file's ICU strings.
 */
export const messages: Record<CoreMessageId, string> = { ...booking, ...common };
