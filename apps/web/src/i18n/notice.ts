import { idOfEnglishText, isLoadedMessageId } from './i18n';
import type { Translate } from './use-t';

/**
 * A message that may be a catalogue id (kept in the persisted draft) or the server's own English
 * words: shown in the visitor's language when the catalogue has it (the server's details quote the
 * specification, which the catalogue holds word for word), else as it came.
 */
export function translateNotice(t: Translate, notice: string): string {
  if (isLoadedMessageId(notice)) return t(notice);
  const id = idOfEnglishText(notice);
  return id ? t(id) : notice;
}
