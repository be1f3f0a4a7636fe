/**
 * Text normalisation of the address search, the same for what is stored and what is asked:
 * lower case, no accents, punctuation as spaces, and the French street-type abbreviations written
 * out ("av" → "avenue", "bd" → "boulevard", "st" → "saint"…), so that "139 av Carnot" and
 * "139 Avenue Carnot" are the same words. Only unambiguous abbreviations: "r", "lot" or "ch" are
 * also ordinary words of street names.
 */
export const ABBREVIATIONS: Readonly<Record<string, string>> = {
  av: 'avenue',
  ave: 'avenue',
  bd: 'boulevard',
  bld: 'boulevard',
  boul: 'boulevard',
  bvd: 'boulevard',
  st: 'saint',
  ste: 'sainte',
  pl: 'place',
  imp: 'impasse',
  rte: 'route',
  chem: 'chemin',
  fg: 'faubourg',
  fbg: 'faubourg',
  sq: 'square',
  crs: 'cours',
  esp: 'esplanade',
  prom: 'promenade',
  rpt: 'rond-point',
  gen: 'general',
  mal: 'marechal',
  pdt: 'president',
  dr: 'docteur',
};

export function foldText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[’'`´]/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Folded text with abbreviations expanded, words separated by one space. */
export function searchText(s: string): string {
  return foldText(s)
    .split(' ')
    .filter(Boolean)
    .map((w) => ABBREVIATIONS[w] ?? w)
    .join(' ');
}
