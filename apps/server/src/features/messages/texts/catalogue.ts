import { type Catalogue, en } from './en.ts';
import { hi } from './hi.ts';

export type { Catalogue };

/** The languages a client's messages come in: the booking's client_language (migration 0009). */
export type ClientLanguage = 'en' | 'hi';

export type MessageKey = keyof typeof en;

/** The {names} in a text, as a union ('date' | 'time'), never when it has none. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** The values a key's text needs: none, or one for each of its placeholders. */
export type MessageParams<K extends MessageKey> = [Placeholders<(typeof en)[K]>] extends [never]
  ? []
  : [Record<Placeholders<(typeof en)[K]>, string | number>];

const catalogues: Record<ClientLanguage, Catalogue> = { en, hi };

/** The key's text in the language, its {placeholders} filled in. */
export function clientMessage<K extends MessageKey>(
  language: ClientLanguage,
  key: K,
  ...[params]: MessageParams<K>
): string {
  const text = catalogues[language][key];
  if (!params) return text;
  const values: Record<string, string | number> = params;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

/** The texts of one language, for a message built of several: `const t = clientTexts('hi')`. */
export const clientTexts =
  (language: ClientLanguage) =>
  <K extends MessageKey>(key: K, ...params: MessageParams<K>): string =>
    clientMessage(language, key, ...params);

export type ClientTexts = ReturnType<typeof clientTexts>;
