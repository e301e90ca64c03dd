import booking from './booking.json';
import common from './common.json';

/**
 * The messages of the first screen (header, footer, crisis line, the wizard's steps), in the first
 * bundle. The details form, the waitlist and the pages opened from a link bring their own: see
 * catalog.ts.
 */
export const messages = { ...booking, ...common };

/** The ids of the first screen's messages (hi/index.ts is typed against them). */
export type CoreMessageId = keyof typeof messages;
