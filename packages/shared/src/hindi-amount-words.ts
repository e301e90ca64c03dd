import { toPaise, toRupees } from './money.ts';

/**
 * An amount in Hindi words for the documents printed in Hindi (decision 063), in the Indian
 * grouping the English words use (gst.ts's amountInWords): 'एक हज़ार पाँच सौ रुपये मात्र'. Hindi
 * has a word of its own for every number below a hundred, so they are listed, not composed.
 */

/** 0 to 99, ten a line. */
const BELOW_HUNDRED = `
शून्य एक दो तीन चार पाँच छह सात आठ नौ
दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह उन्नीस
बीस इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस
तीस इकतीस बत्तीस तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस
चालीस इकतालीस बयालीस तैंतालीस चवालीस पैंतालीस छियालीस सैंतालीस अड़तालीस उनचास
पचास इक्यावन बावन तिरपन चौवन पचपन छप्पन सत्तावन अट्ठावन उनसठ
साठ इकसठ बासठ तिरसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर
सत्तर इकहत्तर बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उनासी
अस्सी इक्यासी बयासी तिरासी चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी
नब्बे इक्यानवे बानवे तिरानवे चौरानवे पचानवे छियानवे सत्तानवे अट्ठानवे निन्यानवे
`
  .trim()
  .split(/\s+/);

/** Crore, lakh, thousand, hundred: each with how many of the next it holds. */
const GROUPS: [number, string][] = [
  [10_000_000, 'करोड़'],
  [100_000, 'लाख'],
  [1_000, 'हज़ार'],
  [100, 'सौ'],
];

/** A whole number in Hindi words: 1500 → 'एक हज़ार पाँच सौ'; 0 → 'शून्य'. */
export function numberInHindiWords(value: number): string {
  if (value < 100) return BELOW_HUNDRED[value]!;
  const parts: string[] = [];
  let rest = value;
  for (const [size, name] of GROUPS) {
    if (rest < size) continue;
    const count = Math.floor(rest / size);
    parts.push(`${numberInHindiWords(count)} ${name}`);
    rest -= count * size;
  }
  if (rest) parts.push(BELOW_HUNDRED[rest]!);
  return parts.join(' ');
}

/** 'एक हज़ार पाँच सौ रुपये मात्र'; with paise: '… रुपये और पचास पैसे मात्र'. */
export function amountInHindiWords(paise: number): string {
  const rupees = Math.floor(toRupees(paise));
  const rest = paise - toPaise(rupees);
  const rupeeWords = `${numberInHindiWords(rupees)} रुपये`;
  return rest ? `${rupeeWords} और ${numberInHindiWords(rest)} पैसे मात्र` : `${rupeeWords} मात्र`;
}
