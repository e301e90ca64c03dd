/**
 * The crisis line every public page shows (issue 14): India's national tele mental health
 * helpline, Tele-MANAS (free, all day, every day), and the emergency number. Digits stay Latin in
 * every language; `dial` is what a `tel:` link calls.
 */
export const TELE_MANAS = { label: '14416', dial: '14416' } as const;
export const TELE_MANAS_TOLL_FREE = { label: '1-800-891-4416', dial: '18008914416' } as const;
export const EMERGENCY = { label: '112', dial: '112' } as const;

/** The line's words around the numbers, in order: before, between, after, before 112, end. */
export const CRISIS_LINE_TEXT = {
  name: 'Urgent help',
  lead: 'In distress or thinking of harming yourself? Call Tele-MANAS on ',
  or: ' or ',
  free: ' (free, 24×7). In an emergency, call ',
  end: '.',
} as const;
