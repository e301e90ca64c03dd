import { describe, expect, it } from 'vitest';
import { amountInHindiWords, numberInHindiWords } from './hindi-amount-words.ts';

describe('amounts in Hindi words', () => {
  it.each([
    [0, 'शून्य'],
    [7, 'सात'],
    [45, 'पैंतालीस'],
    [99, 'निन्यानवे'],
    [100, 'एक सौ'],
    [1_180, 'एक हज़ार एक सौ अस्सी'],
    [25_000, 'पच्चीस हज़ार'],
    [1_50_000, 'एक लाख पचास हज़ार'],
    [12_34_56_789, 'बारह करोड़ चौंतीस लाख छप्पन हज़ार सात सौ नवासी'],
  ])('%i is %s', (value, words) => {
    expect(numberInHindiWords(value)).toBe(words);
  });

  it('names rupees and paise as a receipt prints them', () => {
    expect(amountInHindiWords(150_000)).toBe('एक हज़ार पाँच सौ रुपये मात्र');
    expect(amountInHindiWords(127_119)).toBe('एक हज़ार दो सौ इकहत्तर रुपये और उन्नीस पैसे मात्र');
    expect(amountInHindiWords(50)).toBe('शून्य रुपये और पचास पैसे मात्र');
  });
});
