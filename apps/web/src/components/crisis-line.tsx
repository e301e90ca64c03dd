import { CRISIS_LINE_TEXT, EMERGENCY, TELE_MANAS, TELE_MANAS_TOLL_FREE } from '@therapy/shared/crisis-help';

/**
 * A calm line under the header of every public page (the wizard, the status and manage pages,
 * the legal pages): Tele-MANAS and 112, each a `tel:` link. It sits in the page's flow, so it
 * never covers a button. apps/web/index.html has the same line for the first paint.
 */
export function CrisisLine() {
  const text = CRISIS_LINE_TEXT;
  return (
    <aside className="crisis-line" aria-label={text.name}>
      <p className="container crisis-line__text">
        {text.lead}
        <a href={`tel:${TELE_MANAS.dial}`}>{TELE_MANAS.label}</a>
        {text.or}
        <a href={`tel:${TELE_MANAS_TOLL_FREE.dial}`}>{TELE_MANAS_TOLL_FREE.label}</a>
        {text.free}
        <a href={`tel:${EMERGENCY.dial}`}>{EMERGENCY.label}</a>
        {text.end}
      </p>
    </aside>
  );
}
