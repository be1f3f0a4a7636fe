/**
 * The street address a listing writes in its title or text (« 12 rue Jules Valensaut - Lyon »,
 * « situé au 3 bis, avenue de la République 75011 »): the localisation's first guess, before any
 * DPE scoring. Every quantifier of the pattern is bounded and the text is cut to a window, so a
 * pasted text of any length is read in linear time (the same rule as text.logic.ts).
 */

/** Characters of a title or a description read for an address: agents write it near the top. */
export const ADDRESS_WINDOW = 4000;

/** The French way types an agent writes, folded (no accents, lower case), and how the BAN spells them. */
const WAY_TYPES: Readonly<Record<string, string>> = {
  rue: 'Rue',
  avenue: 'Avenue',
  av: 'Avenue',
  boulevard: 'Boulevard',
  bd: 'Boulevard',
  bld: 'Boulevard',
  place: 'Place',
  allee: 'Allée',
  impasse: 'Impasse',
  chemin: 'Chemin',
  quai: 'Quai',
  cours: 'Cours',
  route: 'Route',
  passage: 'Passage',
  square: 'Square',
  esplanade: 'Esplanade',
  promenade: 'Promenade',
  montee: 'Montée',
  faubourg: 'Faubourg',
  villa: 'Villa',
  cite: 'Cité',
  sentier: 'Sentier',
  ruelle: 'Ruelle',
  chaussee: 'Chaussée',
  parvis: 'Parvis',
  hameau: 'Hameau',
  traverse: 'Traverse',
};

/** Lower-case words a street name holds (« rue de la République », « rue Pierre et Marie Curie »). */
const PARTICLES = new Set(['de', 'du', 'des', 'la', 'le', 'les', "l'", "d'", 'l’', 'd’', 'aux', 'au', 'et']);

const WAY_ALTERNATIVES =
  'rue|avenue|av|boulevard|bd|bld|place|all[ée]e|impasse|chemin|quai|cours|route|passage|square|esplanade|promenade|mont[ée]e|faubourg|villa|cit[ée]|sentier|ruelle|chauss[ée]e|parvis|hameau|traverse';

/**
 * A number (with bis, ter…), a way type, then up to seven words (letters, digits, apostrophes and
 * hyphens inside a word). Not preceded by a letter or digit, so « 69008 » or « T4 » are not numbers.
 * Cleaned afterwards (`nameOf`): the pattern itself never looks ahead further than its bounds.
 */
const ADDRESS = new RegExp(
  `(?<![\\p{L}\\p{N}])(\\d{1,4})(?:[ \\u00a0]?(bis|ter|quater|[abc])(?![\\p{L}\\p{N}]))?,?[ \\u00a0]{1,3}(${WAY_ALTERNATIVES})\\.?[ \\u00a0]{1,3}((?:[\\p{L}\\p{N}][\\p{L}\\p{N}'’-]{0,29}[ \\u00a0]{1,2}){0,6}[\\p{L}\\p{N}][\\p{L}\\p{N}'’-]{0,29})`,
  'giu',
);

export interface WrittenAddress {
  /** « 12 », « 3 bis ». */
  number: string;
  /** « Rue Jules Valensaut », its way type spelt as the BAN spells it. */
  street: string;
  /** « 12 Rue Jules Valensaut ». */
  label: string;
}

export function foldWords(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[’'`´-]/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** « Jules », « 4 », « l’Orme » (an elided article before a capital). */
const startsUpper = (w: string) => /^(?:[ld][’'])?[\p{Lu}\p{N}]/u.test(w);
const isParticle = (w: string) => PARTICLES.has(w.toLowerCase()) || /^[ld][’']\p{L}/iu.test(w);

/**
 * The street name among the words the pattern took: it stops at a lower-case word that is not a
 * particle (« située », « dans »), at a postcode and at the town's own words; trailing particles
 * dropped. Null when no capitalised word is left (« 1 place de parking »).
 */
function nameOf(words: readonly string[], townWords: ReadonlySet<string>): string[] | null {
  const kept: string[] = [];
  for (const w of words) {
    if (/^\d{5}$/.test(w)) break;
    if (!startsUpper(w) && !isParticle(w)) break;
    kept.push(w);
  }
  // « 12 rue Jules Valensaut Lyon 69008 »: the town written after the street is not its name.
  while (kept.length > 1 && townWords.has(foldWords(kept.at(-1) as string))) kept.pop();
  while (kept.length > 0 && PARTICLES.has((kept.at(-1) as string).toLowerCase())) kept.pop();
  if (!kept.some((w) => startsUpper(w) && !/^\d+$/.test(w))) return null;
  return kept;
}

const capitalise = (w: string) => (w === w.toUpperCase() && w.length > 1 ? w[0] + w.slice(1).toLowerCase() : w);

/**
 * The first street address written in these texts, in order (the title, then the description),
 * or null. `town`: the listing's town, whose words are not taken as the street's.
 */
export function writtenAddress(texts: readonly (string | null | undefined)[], town?: string | null): WrittenAddress | null {
  const townWords = new Set(
    foldWords(town ?? '')
      .split(' ')
      .filter((w) => w.length > 1),
  );
  for (const text of texts) {
    if (!text) continue;
    const window = text.slice(0, ADDRESS_WINDOW);
    for (const m of window.matchAll(ADDRESS)) {
      const [, digits, suffix, way, rawName] = m;
      if (!digits || !way || !rawName || Number(digits) === 0) continue;
      const name = nameOf(rawName.split(/[ \u00a0]+/), townWords);
      if (!name) continue;
      const wayType = WAY_TYPES[foldWords(way)];
      if (!wayType) continue;
      const number = suffix ? `${digits} ${suffix.toLowerCase()}` : digits;
      const street = `${wayType} ${name.map(capitalise).join(' ')}`;
      return { number, street, label: `${number} ${street}` };
    }
  }
  return null;
}

/**
 * Whether an address (« 12 Rue Jules Valensaut 69008 Lyon », from the DPE or the BAN) is the
 * written one: same number, same street, spelt with or without accents, case or abbreviation.
 */
export function isWrittenAddress(address: string, written: WrittenAddress): boolean {
  const a = foldWords(address);
  const w = foldWords(written.label);
  return a === w || a.startsWith(`${w} `);
}
