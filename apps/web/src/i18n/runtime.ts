/**
 * The public pages' message runtime (issue 30, decision 054): what the app used of Lingui's
 * runtime, small enough for the first screen. The build compiles the catalogues' ICU strings
 * into Lingui's compiled form (lingui-compile.ts, decision 042); this reads that form: plain
 * text, `{name}` values and `{count, plural, …}` / `select` / `selectordinal` choices, `#` as the
 * count in the locale's digits. A message missing in the active locale falls back to English.
 */
export type Messages = Record<string, unknown>;
type Values = Record<string, unknown>;
type Listener = () => void;

type Choice = [name: string, kind: string, cases?: Record<string, unknown>];

function formatPart(part: unknown, values: Values, locale: string, count: string | undefined): string {
  if (typeof part === 'string') return count === undefined ? part : part.replaceAll('#', count);
  if (!Array.isArray(part)) return '';
  const [name, kind, cases] = part as Choice;
  const value = values[name];
  if (kind === undefined) return value == null ? '' : String(value);
  if (kind === 'number') return new Intl.NumberFormat(locale).format(Number(value));
  if (!cases) return value == null ? '' : String(value);
  if (kind === 'select') return format(cases[String(value)] ?? cases.other, values, locale);
  const number = Number(value);
  const rule = new Intl.PluralRules(locale, {
    type: kind === 'selectordinal' ? 'ordinal' : 'cardinal',
  }).select(number);
  const chosen = cases[String(number)] ?? cases[rule] ?? cases.other;
  return format(chosen, values, locale, new Intl.NumberFormat(locale).format(number));
}

/** A compiled message with its values filled in. */
export function format(message: unknown, values: Values, locale: string, count?: string): string {
  if (typeof message === 'string') return count === undefined ? message : message.replaceAll('#', count);
  if (!Array.isArray(message)) return '';
  let text = '';
  for (const part of message) text += formatPart(part, values, locale, count);
  return text;
}

/** One instance holds every locale's loaded messages and the active locale. */
export class MessageRuntime {
  locale: string;
  /** Raised by every load and activation: what React's subscribers compare. */
  version = 0;
  private readonly catalogues = new Map<string, Messages>();
  private readonly listeners = new Set<Listener>();

  constructor(locale: string, messages: Record<string, Messages>) {
    this.locale = locale;
    for (const [name, loaded] of Object.entries(messages)) this.catalogues.set(name, { ...loaded });
  }

  load(locale: string, messages: Messages): void {
    this.catalogues.set(locale, { ...this.catalogues.get(locale), ...messages });
    this.changed();
  }

  activate(locale: string): void {
    this.locale = locale;
    this.changed();
  }

  /** The message `id` in the active locale (English when missing there), values filled in. */
  _(id: string, values: Values = {}): string {
    const message = this.catalogues.get(this.locale)?.[id] ?? this.catalogues.get('en')?.[id];
    return message === undefined ? id : format(message, values, this.locale);
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed() {
    this.version++;
    for (const listener of this.listeners) listener();
  }
}
