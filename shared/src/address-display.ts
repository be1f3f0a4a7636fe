/**
 * Addresses typed by hand in registers (RNIC: « 58-60 r roger salengro 93140 Bondy »,
 * « 134 RUE LOUIS AUGUSTE BLANQUI ») shown as the BAN writes them (« 58-60 Rue Roger Salengro
 * 93140 Bondy »): on screen, in letters and in e-mails. Only words written all in lower case or
 * all in capitals are touched; a word already in mixed case is the register's own choice and stays.
 * The accents the register dropped are put back only on the words of street names that have one
 * spelling (« GENERAL » → « Général », not « MARCHE », marche or marché); the DGFiP's name
 * abbreviations are spelt out (« GAL » → « Général »), roman numerals stay in capitals
 * (« ASCOUBIA II »), and an elided article the DGFiP wrote apart takes its apostrophe
 * (« ALL DE L ORME » → « Allée de l’Orme »).
 */

/** Road types as the registers abbreviate them, in the BAN's spelling. */
const ROAD_TYPES: Readonly<Record<string, string>> = {
  r: 'Rue',
  rue: 'Rue',
  av: 'Avenue',
  ave: 'Avenue',
  avenue: 'Avenue',
  bd: 'Boulevard',
  bld: 'Boulevard',
  boulevard: 'Boulevard',
  pl: 'Place',
  place: 'Place',
  all: 'Allée',
  allee: 'Allée',
  allée: 'Allée',
  imp: 'Impasse',
  impasse: 'Impasse',
  ch: 'Chemin',
  chem: 'Chemin',
  chemin: 'Chemin',
  rte: 'Route',
  route: 'Route',
  sq: 'Square',
  square: 'Square',
  qu: 'Quai',
  quai: 'Quai',
  crs: 'Cours',
  cours: 'Cours',
  fg: 'Faubourg',
  fbg: 'Faubourg',
  vla: 'Villa',
  villa: 'Villa',
  pas: 'Passage',
  passage: 'Passage',
  sen: 'Sentier',
  sentier: 'Sentier',
  res: 'Résidence',
  résidence: 'Résidence',
  residence: 'Résidence',
  cite: 'Cité',
  cité: 'Cité',
  ham: 'Hameau',
  hameau: 'Hameau',
  lot: 'Lotissement',
  lotissement: 'Lotissement',
  rpt: 'Rond-Point',
  prom: 'Promenade',
  promenade: 'Promenade',
  // The DGFiP's own abbreviations (DVF): « 6 VLA DU BRECHET », « 12 CHE DES VIGNES ».
  che: 'Chemin',
  pte: 'Porte',
  mte: 'Montée',
  rle: 'Ruelle',
  tsse: 'Terrasse',
  esp: 'Esplanade',
  car: 'Carrefour',
  chs: 'Chaussée',
  dom: 'Domaine',
  gal: 'Galerie',
  ld: 'Lieu-dit',
};

/** Number suffixes (« 12 B RUE… », « 4 BIS AV… »): they stand between the number and the road type. */
const SUFFIXES = /^(?:[a-d]|bis|ter|quater)$/i;
/** Kept in capitals. */
const ACRONYMS = new Set(['za', 'zi', 'zac', 'zup', 'zae', 'hlm', 'sncf', 'ratp', 'sdc', 'asl', 'aful', 'sci', 'sarl']);

/** Abbreviations of the names in DVF streets (« AV DU GAL DE GAULLE »), after the road type. */
const NAME_ABBREVIATIONS: Readonly<Record<string, string>> = {
  gal: 'Général',
  mal: 'Maréchal',
  pdt: 'Président',
  cdt: 'Commandant',
  lt: 'Lieutenant',
  dr: 'Docteur',
  st: 'Saint',
  ste: 'Sainte',
};

const unaccented = (w: string) => w.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Words of street names the registers write without their accents, that have only one spelling
 * with them. A word of two spellings (« marche », « pres », « cote ») is left as written.
 */
const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [
    'Général',
    'Généraux',
    'Maréchal',
    'Président',
    'République',
    'Libération',
    'Liberté',
    'Égalité',
    'Fraternité',
    'Résistance',
    'Déportés',
    'Église',
    'École',
    'Écoles',
    'Étoile',
    'Château',
    'Hôtel',
    'Hôpital',
    'Forêt',
    'Chêne',
    'Chênes',
    'Frères',
    'Père',
    'Prieuré',
    'Cité',
    'Édouard',
    'Émile',
    'Étienne',
    'Eugène',
    'Hélène',
    'Geneviève',
    'Thérèse',
    'Jérôme',
    'André',
    'René',
    'Jaurès',
    'Clément',
    'Léon',
    'Séverine',
    'Gérard',
    'Frédéric',
    'Valéry',
  ].map((w) => [unaccented(w), w]),
);

/** Roman numerals of two letters or more (« II », « XIV »): a single I, V or X may be a letter. */
const ROMAN = /^(?=[ivx]{2,}$)x{0,2}(?:ix|iv|v?i{0,3})$/i;

const PARTICLES = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'et', 'à', 'a', 'au', 'aux', 'sur', 'sous', 'en']);

const LETTERS = /\p{L}/u;
const isFlat = (w: string) => LETTERS.test(w) && (w === w.toLowerCase() || w === w.toUpperCase());
const capitalise = (w: string) =>
  w.replace(/(^|[-'’])(\p{L})(\p{L}*)/gu, (_, sep: string, a: string, rest: string) => sep + a.toUpperCase() + rest.toLowerCase());

export function displayAddress(raw: string): string;
export function displayAddress(raw: string | null): string | null;
export function displayAddress(raw: string | null): string | null {
  if (raw === null) return null;
  let roadTypeDone = false;
  let first = true;
  return joinElisions(raw).replace(/[\p{L}\d][\p{L}\d'’/-]*/gu, (word) => {
    const isFirst = first;
    first = false;
    if (!LETTERS.test(word) || /^\d/.test(word)) return word;
    const lower = word.toLowerCase();
    if (!roadTypeDone && !isFirst && SUFFIXES.test(word)) return isFlat(word) ? (lower.length === 1 ? word.toUpperCase() : lower) : word;
    if (ACRONYMS.has(lower) && isFlat(word)) return word.toUpperCase();
    if (!roadTypeDone) {
      roadTypeDone = true;
      const road = ROAD_TYPES[lower];
      if (road && isFlat(word)) return road;
    }
    if (!isFlat(word)) return word;
    if (!isFirst && PARTICLES.has(lower)) return lower;
    if (!isFirst && ROMAN.test(word)) return word.toUpperCase();
    if (!isFirst && NAME_ABBREVIATIONS[lower]) return NAME_ABBREVIATIONS[lower];
    // « l'etoile », « D'ESTIENNE »: the elided article in lower case, the name capitalised.
    const elided = /^([ld])['’](.+)$/i.exec(word);
    if (elided && !isFirst) return `${elided[1]?.toLowerCase()}’${nameWord(elided[2] ?? '')}`;
    return nameWord(word);
  });
}

/** A word of a name, capitalised, with the accents it has only one way to take. */
function nameWord(word: string): string {
  return ACCENTED[word.toLowerCase()] ?? capitalise(word);
}

/** « DE L ORME », « RTE D AULNAY » (the DGFiP drops the apostrophe): the article joined to its word again. */
function joinElisions(raw: string): string {
  // After a word only: « 12 D AV … » is a number's suffix before the road type.
  return raw.replace(/(\p{L} )([LD]) (?=[AEIOUYHÉÈÊÂÎÔ])/gu, "$1$2'").replace(/(\p{L} )([ld]) (?=[aeiouyhéèêâîô])/gu, "$1$2'");
}

/**
 * What two spellings of one street share: the road type spelt out, no accent, apostrophe, hyphen
 * or case. « ALL DE L ORME » (DVF) and « Allée de l’Orme » (BAN) give « allee de l orme ».
 */
export function streetKey(street: string): string {
  return displayAddress(street.trim())
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The streets of some communes as the BAN writes them, by `${insee}|${streetKey}`. */
export type StreetSpellings = ReadonlyMap<string, string>;

export const spellingKey = (insee: string, street: string) => `${insee}|${streetKey(street)}`;

/** Number and suffix before the street, as `displayAddress` leaves them (« 139 », « 12 bis », « 4 B », « 58-60 »). */
const NUMBER_PREFIX = /^(\d+[a-z]?(?:[-/]\d+[a-z]?)?(?:\s+(?:bis|ter|quater|[A-D]))?\s+)(.+)$/u;

/**
 * An address of DVF (« 139 RUE DE LA FRATERNITE ») with its street as the commune's BAN writes it
 * (« 139 Rue de la Fraternité »): the DGFiP drops accents and apostrophes, the BAN keeps them.
 * A street the BAN does not know (or writes otherwise: « GAL » for « Général ») keeps
 * `displayAddress`, which guesses no accent.
 */
export function displayDvfAddress(raw: string, insee: string, spellings: StreetSpellings): string;
export function displayDvfAddress(raw: string | null, insee: string, spellings: StreetSpellings): string | null;
export function displayDvfAddress(raw: string | null, insee: string, spellings: StreetSpellings): string | null {
  const shown = displayAddress(raw);
  if (!shown) return shown;
  const m = NUMBER_PREFIX.exec(shown);
  const [prefix, street] = m ? [m[1] as string, m[2] as string] : ['', shown];
  const ban = spellings.get(spellingKey(insee, street));
  return ban ? prefix + ban : shown;
}

/**
 * A syndic's name as the register copies it from SIRENE. An individual entrepreneur is written
 * « NOM*PRÉNOM/ » there (« TULIER*FLORENCE/ »): shown « Florence Tulier (entreprise individuelle) ».
 * A company's name is left as registered.
 */
export function displaySyndicName(raw: string): string;
export function displaySyndicName(raw: string | null): string | null;
export function displaySyndicName(raw: string | null): string | null {
  if (raw === null) return null;
  const person = /^\s*([^*/]+)\*([^*/]*)\/?\s*$/.exec(raw);
  if (!person) return raw;
  // Names, not addresses: no road type to spell out (a surname « ALL » stays a name).
  const name = [person[2], person[1]]
    .flatMap((part) => (part ?? '').trim().split(/\s+/))
    .filter(Boolean)
    .map((w, i) => (i > 0 && PARTICLES.has(w.toLowerCase()) ? w.toLowerCase() : capitalise(w)))
    .join(' ');
  return `${name} (entreprise individuelle)`;
}
