/**
 * Do two addresses written by different registers name the same building? The RNIC's
 * « 58-60 r roger salengro » or « 9T r jean jaures », DVF's « 60 RUE ROGER SALENGRO » or
 * « 9 T RUE JEAN JAURES », the DPE's (BAN) « 35 Avenue du Maréchal de Lattre de Tassigny ».
 * An address key is its house numbers (a range « 58-60 » holds 58 and 60, the numbers of the same
 * side of the street between them) and its street folded: road type spelt out, abbreviations
 * written out (« MAL » → marechal), no accent, case, apostrophe or particle (de, du, l’…).
 * Suffixes (bis, ter, B, T) are ignored: registers drop them or write them in other ways. Pure.
 */
import { streetKey } from '@immoloupe/shared/address-display';
import { ABBREVIATIONS } from '../../places/search-text.logic.js';

export interface AddressKey {
  numbers: number[];
  street: string;
}

/** Number suffixes that may follow the number as a word of their own (« 9 T RUE… »); « r » is Rue. */
const SUFFIX_WORD = /^(?:[a-dtq]|bis|ter|quater)$/i;
const PARTICLES = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'l', 'd', 'et', 'a', 'au', 'aux', 'en', 'sur', 'sous']);
/** The widest range read as one building (« 2-20 » is more likely a typing slip than one entrance). */
const MAX_RANGE = 12;

/** The street folded so that two registers' spellings of it compare equal. */
export function streetMatchKey(street: string): string {
  return streetKey(street)
    .split(' ')
    .filter(Boolean)
    .map((w) => ABBREVIATIONS[w] ?? w)
    .filter((w) => !PARTICLES.has(w))
    .join(' ');
}

/** The numbers and street of « number(s) [suffix] street », or null without a number or a street. */
export function addressKey(text: string | null): AddressKey | null {
  if (!text) return null;
  const m = /^\s*(\d{1,5})([a-z]*)(?:\s*[-/]\s*(\d{1,5})([a-z]*))?[\s,]+(.+)$/i.exec(text);
  if (!m) return null;
  const [, first = '', suffix1 = '', second, suffix2 = '', rest = ''] = m;
  // Letters glued to a number are its suffix (« 9T », « 47bis »); as a word of their own, they come first in the rest.
  if (suffix1 && !SUFFIX_WORD.test(suffix1)) return null;
  if (suffix2 && !SUFFIX_WORD.test(suffix2)) return null;
  const words = rest.trim().split(/\s+/);
  if (words.length > 1 && SUFFIX_WORD.test(words[0] ?? '')) words.shift();
  const street = streetMatchKey(words.join(' '));
  if (!street) return null;
  const a = Number(first);
  const b = second === undefined ? a : Number(second);
  const [low, high] = a <= b ? [a, b] : [b, a];
  const numbers = high - low <= MAX_RANGE && (high - low) % 2 === 0 ? range(low, high) : [a, b];
  return { numbers: [...new Set(numbers)], street };
}

function range(low: number, high: number): number[] {
  const out: number[] = [];
  for (let n = low; n <= high; n += 2) out.push(n);
  return out;
}

/** Same street and at least one house number in common. */
export function sameAddress(a: AddressKey, b: AddressKey): boolean {
  return a.street === b.street && a.numbers.some((n) => b.numbers.includes(n));
}
