import { EMERGENCY, TELE_MANAS, TELE_MANAS_TOLL_FREE } from '@therapy/shared/crisis-help';
import { Trans, useT } from '../i18n/use-t';

// Lingui puts each number, Latin digits in every language, inside its link.
const NUMBER_LINKS = {
  // biome-ignore lint/a11y/useAnchorContent: Trans fills in the number
  0: <a href={`tel:${TELE_MANAS.dial}`} />,
  // biome-ignore lint/a11y/useAnchorContent: Trans fills in the number
  1: <a href={`tel:${TELE_MANAS_TOLL_FREE.dial}`} />,
  // biome-ignore lint/a11y/useAnchorContent: Trans fills in the number
  2: <a href={`tel:${EMERGENCY.dial}`} />,
};

/**
 * A calm line under the header of every public page (the wizard, the status and manage pages,
 * the legal pages): Tele-MANAS and 112, each a `tel:` link, in the visitor's language with the
 * digits Latin. It sits in the page's flow, so it never covers a button. apps/web/index.html has
 * the English line for the first paint.
 */
export function CrisisLine() {
  const { t } = useT();
  return (
    <aside className="crisis-line" aria-label={t('common.crisis.name')}>
      <p className="container crisis-line__text">
        <Trans
          id="common.crisis.line"
          values={{
            teleManas: TELE_MANAS.label,
            tollFree: TELE_MANAS_TOLL_FREE.label,
            emergency: EMERGENCY.label,
          }}
          components={NUMBER_LINKS}
        />
      </p>
    </aside>
  );
}
