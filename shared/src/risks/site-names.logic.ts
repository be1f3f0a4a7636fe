/**
 * Names of the operators of classified installations (ICPE) and former industrial sites (BASIAS).
 * Géorisques publishes them as given, and some are private persons: an operator filed under his
 * own name (« M. DIDI Maurice », « BUZDUGANARIU Minodora ») or an inventory listing a former
 * owner (« VILLIER (M.) », « GROSSIN Jean Claude »). The product never shows a private person's
 * name (see `owners/natural-person.logic.ts`): such a name, or such a part of a list of names, is
 * replaced by the notice before it is stored.
 */
import { NATURAL_PERSON_NOTICE, ORGANISATION_WORDS, readsAsNaturalPerson } from '../owners/natural-person.logic.js';

const ORGANISATION = new Set<string>(ORGANISATION_WORDS);
/** Words of trade names the owners' list does not need: a garage or a station is no person. */
const TRADE_WORDS = new Set([
  'ATELIER',
  'ATELIERS',
  'AUTO',
  'AUTOMOBILE',
  'CHIMIQUE',
  'ETS',
  'FRANCE',
  'GARAGE',
  'IMPRIMERIE',
  'INDUSTRIE',
  'PRESSING',
  'STATION',
  'USINE',
]);

function folded(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w !== '');
}

/**
 * « DUPONT Jean », « GROSSIN Jean Claude », « BUZDUGANARIU Minodora »: a surname in capitals then
 * first names in lower case, the way the administration writes a person; or « VILLIER (M.) »,
 * « HUMBERT et ROSSIGNOL (MM.) », a civility in brackets after the name.
 */
function personShaped(part: string): boolean {
  const t = part.trim();
  if (/\((M|MM|MME|MMES|MLLE)\.?\)\s*$/i.test(t)) return true;
  const words = folded(t);
  if (words.some((w) => ORGANISATION.has(w) || TRADE_WORDS.has(w) || /\d/.test(w))) return false;
  return /^[A-ZÀ-Ý][A-ZÀ-Ý'-]+( [A-ZÀ-Ý][A-ZÀ-Ý'-]+)* [A-ZÀ-Ý][a-zà-ÿ]+([ -][A-ZÀ-Ý][a-zà-ÿ]+)*$/u.test(t);
}

/** Whether one operator's name reads as a private person's. */
export function operatorIsNaturalPerson(name: string | null): boolean {
  if (!name || name.trim() === '') return false;
  return readsAsNaturalPerson(name, null) || personShaped(name);
}

/**
 * A list of names as BASIAS writes it (« TALBOT PEUGEOT , CHRYSLER FRANCE , THIVOT (M.) »), each
 * part that reads as a person replaced by the notice; « GARAGE DES 2 X - GROSSIN Jean Claude »
 * keeps its trade name. Null when nothing is left.
 */
export function maskPersonNames(names: string | null): string | null {
  if (!names || names.trim() === '') return null;
  const parts = names
    .split(/\s+,\s+|\s*,\s+/)
    .map((part) => {
      const dash = / - /.exec(part);
      if (dash && operatorIsNaturalPerson(part.slice(dash.index + 3)))
        return `${part.slice(0, dash.index).trim()} (${NATURAL_PERSON_NOTICE})`;
      return operatorIsNaturalPerson(part) ? NATURAL_PERSON_NOTICE : part.trim().replace(/\s+/g, ' ');
    })
    .filter((p) => p !== '');
  const unique = parts.filter((p, i) => p !== NATURAL_PERSON_NOTICE || parts.indexOf(p) === i);
  return unique.length === 0 ? null : unique.join(', ');
}
