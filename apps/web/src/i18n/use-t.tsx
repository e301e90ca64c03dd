import { cloneElement, type ReactElement, type ReactNode, useSyncExternalStore } from 'react';
import type { MessageId } from './catalog';
import { i18n } from './i18n';
import type { Locale } from './locale';

export type Translate = (id: MessageId, values?: Record<string, unknown>) => string;

const translate: Translate = (id, values) => i18n._(id, values);
const version = () => i18n.version;

/**
 * The public pages' translation function and locale; a component using it renders again when the
 * visitor switches language or a catalogue arrives. Ids are typed: a key not in the English
 * catalogue does not compile.
 */
export function useT(): { t: Translate; locale: Locale } {
  useSyncExternalStore(i18n.subscribe, version, version);
  return { t: translate, locale: i18n.locale === 'hi' ? 'hi' : 'en' };
}

const ELEMENT = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/g;

/** The text with each `<n>…</n>` (or `<n/>`) made `components[n]` holding what is inside. */
export function formatElements(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ELEMENT)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const element = components[match[1] ?? match[3] ?? ''];
    const inner = match[2];
    const children = inner === undefined ? undefined : formatElements(inner, components);
    if (element) nodes.push(cloneElement(element, { key: nodes.length }, ...(children ?? [])));
    else nodes.push(...(children ?? []));
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** A message with elements in it: `<0>…</0>` in the catalogue becomes `components[0]`. */
export function Trans(props: {
  id: MessageId;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
}) {
  const { t } = useT();
  return <>{formatElements(t(props.id, props.values), props.components ?? {})}</>;
}
