import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { DocumentKind } from '@therapy/shared/money-papers-schemas';

/**
 * The words a document prints, in English and in Hindi (decision 063). A document in Hindi puts
 * the Hindi before the English of each label ('कुल / Total'), so English is always there and reads
 * exactly as on an English document; the figures, numbers and names are printed once.
 */

export type DocumentLanguage = 'en' | 'hi';

export const HINDI_TITLES: Record<DocumentKind, string> = {
  bill_of_supply: 'आपूर्ति का बिल',
  tax_invoice: 'कर बीजक',
  credit_note: 'क्रेडिट नोट',
};

const HINDI_LABELS = {
  'Trading as': 'व्यापारिक नाम',
  GSTIN: 'जीएसटीआईएन',
  State: 'राज्य',
  Number: 'रसीद संख्या',
  Date: 'दिनांक',
  'Original document': 'मूल दस्तावेज़',
  Client: 'ग्राहक',
  'Place of supply': 'आपूर्ति का स्थान',
  Therapist: 'चिकित्सक',
  'Registration number': 'पंजीकरण संख्या',
  Service: 'सेवा',
  'Session date': 'सत्र की तिथि',
  SAC: 'एसएसी',
  'Taxable value': 'कर योग्य मूल्य',
  Total: 'कुल',
  'Amount in words': 'राशि शब्दों में',
} as const;

export type DocumentLabel = keyof typeof HINDI_LABELS;

/** 'Total', or in Hindi 'कुल / Total'; a credit note's number is not a receipt's. */
export function labelIn(language: DocumentLanguage, label: DocumentLabel, kind?: DocumentKind): string {
  if (language === 'en') return label;
  const hindi = label === 'Number' && kind === 'credit_note' ? 'क्रेडिट नोट संख्या' : HINDI_LABELS[label];
  return `${hindi} / ${label}`;
}

/** The sentences in Hindi, printed above their English. */
export const HINDI_LINES = {
  exempt: 'जीएसटी नहीं लगाया गया: स्वास्थ्य सेवाओं की छूट प्राप्त आपूर्ति (अधिसूचना 12/2017-केंद्रीय कर (दर), प्रविष्टि 74)।',
  intraState: (halfRate: number) => `जीएसटी लगाया गया: CGST ${halfRate}% और SGST ${halfRate}%।`,
  interState: (rate: number, state: string) =>
    `जीएसटी लगाया गया: IGST ${rate}% (आपूर्ति का स्थान ${state} से बाहर)।`,
  creditNote: 'यह क्रेडिट नोट मूल दस्तावेज़ को उलटता है: राशि लौटा दी गई।',
  against: (number: string) => `${number} के विरुद्ध`,
  noSignature: 'कंप्यूटर द्वारा बनाया गया दस्तावेज़; हस्ताक्षर की आवश्यकता नहीं।',
} as const;

const require = createRequire(import.meta.url);
const FONTS = '@expo-google-fonts/noto-sans-devanagari';
/** fontkit, which pdfkit lays text out with (it ships no types: only `create` is used). */
const fontkit = require('fontkit') as { create(data: Buffer): object };

/** A font pdfkit takes: a standard font's name, or a font fontkit has parsed. */
type FontSource = string | object;

/**
 * Noto Sans Devanagari, parsed once: fontkit reads its tables (the OpenType rules that shape
 * Devanagari) in 70–240 ms, so each document in Hindi would otherwise pay that again.
 */
let devanagari: { regular: FontSource; bold: FontSource } | undefined;

/**
 * The fonts of each language: the PDF's standard Helvetica for English (no file to embed), Noto
 * Sans Devanagari (SIL OFL, its Latin letters too) for a document in Hindi, shaped by fontkit.
 */
export function fontsFor(language: DocumentLanguage): { regular: FontSource; bold: FontSource } {
  if (language === 'en') return { regular: 'Helvetica', bold: 'Helvetica-Bold' };
  devanagari ??= {
    regular: fontkit.create(
      readFileSync(require.resolve(`${FONTS}/400Regular/NotoSansDevanagari_400Regular.ttf`)),
    ),
    bold: fontkit.create(readFileSync(require.resolve(`${FONTS}/700Bold/NotoSansDevanagari_700Bold.ttf`))),
  };
  return devanagari;
}
