import { Trans as LinguiTrans, useLingui } from '@lingui/react';
import type { ReactElement } from 'react';
import type { MessageId } from './catalog';
import type { Locale } from './locale';

export type Translate = (id: MessageId, values?: Record<string, unknown>) => string;

/**
 * The public pages' translation function and locale; a component using it renders again when the
 * visitor switches language. Ids are typed: a key not in the English catalogue does not compile.
 */
export function useT(): { t: Translate; locale: Locale } {
  const { i18n } = useLingui();
  return { t: (id, values) => i18n._(id, values), locale: i18n.locale === 'hi' ? 'hi' : 'en' };
}

/** A message with elements in it: `<0>…</0>` in the catalogue becomes `components[0]`. */
export function Trans(props: {
  id: MessageId;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
}) {
  return <LinguiTrans {...props} />;
}
