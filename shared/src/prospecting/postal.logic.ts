/**
 * A target's postal address in parts, and the recipient block of its letter as La Poste wants it
 * (NF Z10-011): one item a line, six lines at most, the complement above the street, postcode and
 * town alone on the last line, the town in capitals. A letter that put the complement after the
 * town, or split « 93140 / Bondy », is sorted by hand or returned.
 */

import { displayAddress } from '../address-display.js';
import type { PostalParts } from './contracts.js';

/** « street[,] 93140 Town[, complement] »: the way targets have kept their address (DPE, RNIC, BAN labels). */
const POSTAL = /^(?:(.*?)[\s,]+)?(\d{5})\s+([^\s,\d][^,]*?)\s*(?:,\s*(.*?))?\s*$/su;

/** The parts of an address kept as one string; without a postcode, all of it is the street. */
export function parsePostalAddress(address: string): PostalParts {
  // ASCII spaces only: a floor keeps its no-break space (« 7e\u00a0étage »).
  const text = address.trim().replace(/[ \t\r\n]+/g, ' ');
  const m = POSTAL.exec(text);
  if (!m) return { complement: null, street: text, postcode: null, town: null };
  return { complement: m[4] || null, street: (m[1] ?? '').trim(), postcode: m[2] as string, town: (m[3] as string).trim() };
}

/** Abbreviations diagnosticians type for « appartement », « bâtiment »…, as a letter abbreviates them. */
const COMPLEMENT_WORDS: Readonly<Record<string, string>> = {
  app: 'App.',
  appt: 'App.',
  apt: 'App.',
  ap: 'App.',
  appart: 'App.',
  appartement: 'appartement',
  bat: 'Bât.',
  bât: 'Bât.',
  batiment: 'bâtiment',
  bâtiment: 'bâtiment',
  esc: 'Esc.',
  etage: 'étage',
  étage: 'étage',
  etg: 'étage',
  rdc: 'rez-de-chaussée',
  rdj: 'rez-de-jardin',
};

/**
 * A complement as the source typed it (« APP 1/69, rez-de-chaussée »), written as a letter does
 * (« App. 1/69, rez-de-chaussée »): only the usual abbreviations are respelt, the rest is the
 * diagnostician's and stays (a residence's name in capitals is not guessed into lower case). Never
 * title-cased: « Rez-De-Chaussée » is no one's spelling.
 */
export function displayComplement(raw: string): string {
  const out = raw
    .trim()
    .replace(/[ \t\r\n]+/g, ' ')
    .replace(/(?<![\p{L}\d])\p{L}+\.?(?![\p{L}\d])/gu, (word) => {
      const bare = word.replace(/\.$/, '');
      const known = COMPLEMENT_WORDS[bare.toLowerCase()];
      return known ?? word;
    });
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/** « Flers » → « FLERS », as La Poste reads the last line: capitals without accents, no arrondissement (the postcode says it). */
export function postalTown(town: string): string {
  return town
    .replace(/\s+\d{1,2}\s*(?:er|e|ème)?\s+arrondissement$/iu, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .trim();
}

/**
 * The street as a letter writes it. Without a postcode the text is no street but a description
 * the app wrote (a parcel's « Paris 18e Arrondissement, section CF n° 104 »): kept as it is, since
 * the registries' casing rules would make it « Section Cf N° 104 ».
 */
function streetOf(p: PostalParts): string {
  return p.postcode ? displayAddress(p.street) : p.street;
}

/** The address a letter's body names (« 69 Rue du Mont Saint Michel 61100 Flers, App. 1/69, rez-de-chaussée »). */
export function bodyAddress(p: PostalParts): string {
  const postal = [streetOf(p), p.postcode, p.town === null ? null : displayAddress(p.town)].filter(Boolean).join(' ');
  return p.complement ? `${postal}, ${displayComplement(p.complement)}` : postal;
}

/** The address lines under the recipient: complement, number and street, postcode and TOWN. */
export function postalLines(p: PostalParts): string[] {
  const last = p.postcode ? [p.postcode, p.town === null ? null : postalTown(p.town)].filter(Boolean).join(' ') : null;
  return [p.complement ? displayComplement(p.complement) : null, p.street ? streetOf(p) : null, last]
    .filter((l): l is string => !!l)
    .map((l) => l.replace(/[ \t\r\n]+/g, ' '));
}

/** NF Z10-011: six lines at most. */
export const MAX_ADDRESS_LINES = 6;

/** The recipient block: recipient lines then address lines, the excess recipient lines dropped first. */
export function addressBlock(recipient: readonly string[], p: PostalParts): string[] {
  const address = postalLines(p);
  return [...recipient.slice(0, Math.max(1, MAX_ADDRESS_LINES - address.length)), ...address];
}
