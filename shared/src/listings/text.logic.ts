/**
 * Reading French listing strings: « 1 345 € », « 16,20 m² », « 1.300 € », « 3ème étage ». A text
 * can be anything pasted (up to the API's limit): only its first `TEXT_WINDOW` characters are read,
 * and every pattern is anchored or bounded so that no input makes it backtrack for long.
 */
import { isCalendarDate } from '../calendar-date.js';
import { ENERGY_CLASSES, type LISTING_PROPERTY_TYPES, type TRANSACTION_KINDS } from './contracts.js';

type EnergyClass = (typeof ENERGY_CLASSES)[number];
type PropertyType = (typeof LISTING_PROPERTY_TYPES)[number];

/** « 1 345 », « 16,20 », « 1.300 » (thousands dot, PAP), « 32-15 » (Orpi) → number. */
export function frenchNumber(raw: string | number | null | undefined): number | undefined {
  if (raw === null || raw === undefined) return undefined;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  let s = raw.replace(/[\s\u00a0\u202f]/g, '');
  if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '');
  s = s.replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

export function energyClass(raw: string | null | undefined): EnergyClass | undefined {
  const letter = raw?.trim().toUpperCase();
  return letter && (ENERGY_CLASSES as readonly string[]).includes(letter) ? (letter as EnergyClass) : undefined;
}

const TYPE_WORDS: [RegExp, PropertyType][] = [
  [/\b(appartement|studio|duplex|triplex|loft|flat|apartment)\b/i, 'appartement'],
  [/\b(maison|villa|pavillon|house|mas|chalet|long[eè]re|ferme)\b/i, 'maison'],
  [/\bterrain\b/i, 'terrain'],
  [/\b(parking|garage|box)\b/i, 'parking'],
  [/\b(local|bureaux?|commerce|boutique)\b/i, 'local'],
  [/\bimmeuble\b/i, 'immeuble'],
];

/** The property type named first in a short text (« Appartement à vendre », « Maison 5 pièces »). */
export function propertyTypeOf(raw: string | null | undefined): PropertyType | undefined {
  if (!raw) return undefined;
  let best: { index: number; type: PropertyType } | undefined;
  for (const [re, type] of TYPE_WORDS) {
    const m = re.exec(raw);
    if (m && (!best || m.index < best.index)) best = { index: m.index, type };
  }
  return best?.type;
}

/**
 * Sale or rent as a text states it, or undefined: never guessed. Rent: « à louer », « location »,
 * « loyer », a price « /mois », « par mois », « CC », « HC », « charges comprises ». Sale: « à vendre »,
 * « vente », « achat », « prix de vente ». A text that says both (a page's menu names both) says neither.
 */
export function transactionOf(raw: string | null | undefined): (typeof TRANSACTION_KINDS)[number] | undefined {
  if (!raw) return undefined;
  const s = raw.slice(0, TEXT_WINDOW);
  const rent = RENT_WORDS.test(s);
  const sale = SALE_WORDS.test(s);
  return rent === sale ? undefined : rent ? 'location' : 'vente';
}

/** The wording of a rent beside its amount: « 1 250 € CC/mois », « 880 € /mois », « 740 € charges comprises ». */
const RENT_PRICE = /€\s{0,3}(?:\/\s{0,2}mois|par mois|(?:CC|HC|charges comprises|hors charges|c\.c\.)(?![\p{L}]))/iu;
const RENT_WORDS =
  /(?:\bà louer\b|\blocations?\b|\bloyer\b|\blouer\b|€\s{0,3}(?:\/\s{0,2}mois|par mois)|\bcharges comprises\b|€\s{0,3}(?:CC|HC)\b)/iu;
const SALE_WORDS = /(?:\bà vendre\b|\bventes?\b|\bvendre\b|\bachat\b|\bprix de vente\b)/iu;

/** Whether a price line is a rent by its own wording (the strongest sign a page gives, never its menu). */
export function rentByPriceWording(raw: string | null | undefined): boolean {
  return Boolean(raw && RENT_PRICE.test(raw.slice(0, TEXT_WINDOW)));
}

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** « 01 juillet 2024 », « 7 juin 2022 », « 17/02/2026 », « 2025-09-25 17:26:33 » → `YYYY-MM-DD`. */
export function frenchDate(raw: string | null | undefined): string | undefined {
  const date = dateIn(raw);
  // « 31/02/2024 » on a page is a typo, not a date the store could keep.
  return date && isCalendarDate(date) ? date : undefined;
}

function dateIn(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const s = raw.slice(0, TEXT_WINDOW);
  const iso = /(?<!\d)(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const slash = /(?<!\d)(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(s);
  if (slash) return `${slash[3]}-${(slash[2] ?? '').padStart(2, '0')}-${(slash[1] ?? '').padStart(2, '0')}`;
  const words = /(?<!\d)(\d{1,2})(?:er)?\s{1,3}([a-zéû]{3,9})\s{1,3}(\d{4})\b/i.exec(s);
  if (words) {
    const month = MONTHS.indexOf((words[2] ?? '').toLowerCase());
    if (month >= 0) return `${words[3]}-${String(month + 1).padStart(2, '0')}-${(words[1] ?? '').padStart(2, '0')}`;
  }
  return undefined;
}

export interface TextFacts {
  price?: number;
  surface?: number;
  landArea?: number;
  rooms?: number;
  bedrooms?: number;
  floor?: number;
  postcode?: string;
  city?: string;
  dpeClass?: EnergyClass;
  gesClass?: EnergyClass;
  dpeValue?: number;
  gesValue?: number;
  propertyType?: PropertyType;
  transaction?: (typeof TRANSACTION_KINDS)[number];
}

/**
 * How much of a text is read for facts. A listing states them in its first screens (a pasted page,
 * menus included, is a few thousand characters before its description ends); reading a bounded
 * window keeps every pattern's cost bounded whatever is pasted.
 */
export const TEXT_WINDOW = 30_000;

/**
 * A number as listings write it. Its thousands groups stay on one line and it never starts inside
 * a longer number: « Bondy 93140 » then « 229 000 € » on the next line is no price of 140 229 000 €.
 * Every repetition is bounded and a number starts only where no digit precedes it, so that a run of
 * digits or of digit groups is tried from a bounded number of places (linear time, see the tests).
 */
const NUM = String.raw`(?<!\d)(\d{1,3}(?:[ \t\u00a0\u202f.]\d{3}){1,3}|\d{1,9})(?:[,.](\d{1,3}))?`;
/** A few blanks, never an unbounded run. */
const SP = String.raw`[ \t]{0,3}`;
const WS = String.raw`\s{0,3}`;

function num(m: RegExpExecArray | null, group = 1): number | undefined {
  if (!m) return undefined;
  return frenchNumber(m[group + 1] ? `${m[group]},${m[group + 1]}` : m[group]);
}

/** Capitalised words before a postcode that are the listing's, not the town's (« Vente Appartement Bondy (93140) »). */
const NOT_TOWN =
  /^(?:vente|location|appartement|maison|studio|duplex|triplex|loft|villa|terrain|immeuble|parking|garage|local|bureau|commerce|propriété|ferme|ville|localisation|adresse|[TF]\d+)$/i;

/** A town's word: a capital then letters, or the small words of a name; hyphens and spaces join them. */
const TOWN = String.raw`([A-ZÀ-Ý][\p{L}'’]{0,30}(?:[ -](?:[A-ZÀ-Ý][\p{L}'’]{0,30}|sur|sous|en|lès|les|le|la|de|du|des|d'|l')){0,6})`;
const TOWN_BEFORE = new RegExp(`${TOWN}${WS}\\(?$`, 'u');
const TOWN_AFTER = new RegExp(`^\\)?${WS}${TOWN}`, 'u');
/** How far from its postcode a town is looked for. */
const TOWN_REACH = 80;

/**
 * The town beside its postcode: « Bondy (93140) », « Le Havre 76600 », « 93140 Bondy ». Only
 * capitalised words and the small words of a town's name, so that « à vendre » is not a town.
 * Read in the few characters around the postcode, never across the whole text.
 */
export function townBeside(s: string, postcode: string): string | undefined {
  const window = s.slice(0, TEXT_WINDOW);
  for (let at = window.indexOf(postcode); at >= 0; at = window.indexOf(postcode, at + 1)) {
    if (/\d/.test(window.charAt(at - 1)) || /\d/.test(window.charAt(at + postcode.length))) continue;
    const before = TOWN_BEFORE.exec(window.slice(Math.max(0, at - TOWN_REACH), at));
    const after = before ? null : TOWN_AFTER.exec(window.slice(at + postcode.length, at + postcode.length + TOWN_REACH));
    const words = (before?.[1] ?? after?.[1] ?? '').trim().split(' ');
    // A window cut inside a word starts with its tail: that word is not the town's.
    if (before && at - TOWN_REACH > 0 && before.index === 0) words.shift();
    while (words.length > 0 && NOT_TOWN.test(words[0] ?? '')) words.shift();
    const town = words.join(' ');
    if (town) return town;
  }
  return undefined;
}

/**
 * A town as a portal writes it, shown in French typography: the ordinal of an arrondissement is
 * « 8e », not « 8ème » (« Lyon 8ème » → « Lyon 8e », « Paris 18eme » → « Paris 18e »); « 1er » stays.
 * For display only: the stored text is the portal's.
 */
export function displayTown(raw: string): string {
  return raw.replace(/(\d{1,3})\s{0,2}i?[eè]me(?!\p{L})/giu, '$1e');
}

const PRICE_RE = new RegExp(`${NUM}${SP}€(?!${SP}\\/${SP}m(?:²|2))`);
const LAND_RE = new RegExp(`terrain(?: de)?${SP}:?${SP}${NUM}${SP}m(?:²|2)`, 'i');
const SURFACE_RE = new RegExp(`${NUM}${SP}m(?:²|2)(?![a-z])`, 'gi');
/** « Surface : 45 m² », « Surface habitable 45,5 m² »: the labelled surface comes before any other m². */
const LABELLED_SURFACE_RE = new RegExp(`surface(?: habitable| totale| loi carrez)?${SP}:?${SP}(?:de${SP})?${NUM}${SP}m(?:²|2)`, 'i');
const ROOMS_RE = /(?<![\d/])(\d{1,2})(?:\s{0,2}\/\s{0,2}\d{1,2})?[ \t]{0,3}pi[eè]ces?\b/i;
const ROOMS_T_RE = /\b[TF](\d)(?:\s{0,2}\/\s{0,2}[TF]?\d)?\b/;
// On one line: in a table « Pièces\n4\nChambres\n3 », the 4 is no number of bedrooms.
const BEDROOMS_RE = /(?<!\d)(\d{1,2})[ \t]{0,3}(?:chambres?|ch\b\.?)/i;
/** « Pièces 3 », « Chambres : 2 »: a label then its number (older layouts' tables). */
const ROOMS_LABEL_RE = /\bpi[eè]ces\s{0,3}:?\s{0,3}(\d{1,2})(?![\d,.])/i;
const BEDROOMS_LABEL_RE = /\bchambres\s{0,3}:?\s{0,3}(\d{1,2})(?![\d,.])/i;
const FLOOR_RE = /(?<!\d)(\d{1,2})\s{0,2}(?:e|er|re|ère|ème|eme)\s{1,3}étage/i;
const FLOOR_LABEL_RE = /étage\s{0,3}:?\s{0,3}(\d{1,2})(?!\d)/i;
const GROUND_RE = /(rdc|rez-de-chauss[ée]e)/i;
const POSTCODE_PAREN_RE = /\((\d{5})\)/;
const POSTCODE_RE = /(?<!\d)(?:0[1-9]|[1-8]\d|9[0-8])\d{3}(?!\d)/g;
/** « DPE D », « Classe énergie : D », « DPE : classe D », « Consommation énergétique : D » (a table copied as text). */
const DPE_RE =
  /(?:DPE|classe (?:é|e)nergie|classe (?:é|e)nerg(?:é|e)tique|(?:consommation|performance) (?:é|e)nerg(?:é|e)tique)\s{0,3}:?\s{0,3}(?:classe\s{1,3})?([A-G])\b/i;
const GES_RE = /(?:\bGES|classe climat|(?:é|e)missions? de GES|gaz à effet de serre)\s{0,3}:?\s{0,3}(?:classe\s{1,3})?([A-G])\b/i;
/** « Code postal : 37000 », « Ville : Tours »: the labelled lines of a table copied as text. */
const POSTCODE_LABEL_RE = /code postal\s{0,3}:?\s{0,3}((?:0[1-9]|[1-8]\d|9[0-8])\d{3})(?!\d)/i;
const TOWN_LABEL_RE = new RegExp(`(?:^|\\n)[ \\t]{0,3}(?:[Vv]ille|[Cc]ommune|[Ll]ocalit[ée])[ \\t]{0,3}:[ \\t]{0,3}${TOWN}`, 'u');
const KWH_RE = new RegExp(`${NUM}${WS}kWh(?:EP)?${WS}\\/${WS}m`, 'i');
const CO2_RE = new RegExp(`${NUM}${WS}kg${WS}(?:éq\\.?${WS})?CO`, 'i');

/** The first five-digit postcode beside a word (not a price « 150000 € », not inside a longer number). */
function postcodeOf(s: string): string | undefined {
  const paren = POSTCODE_PAREN_RE.exec(s);
  if (paren) return paren[1];
  POSTCODE_RE.lastIndex = 0;
  for (let m = POSTCODE_RE.exec(s); m; m = POSTCODE_RE.exec(s)) {
    const before = s.slice(Math.max(0, m.index - 3), m.index);
    const after = s.slice(m.index + 5, m.index + 9);
    if (/\p{L}[\s'’-]{1,2}$|\p{L}$/u.test(before) && !/^\s{0,2}€/.test(after)) return m[0];
  }
  return undefined;
}

/**
 * The facts a listing text states: a card's innerText, a title, a pasted listing. Each fact is
 * read only where its unit or keyword says what it is (« € », « m² », « pièces », « DPE »), in the
 * first `TEXT_WINDOW` characters, with patterns whose every repetition is bounded.
 */
export function factsFromText(raw: string): TextFacts {
  const s = raw.slice(0, TEXT_WINDOW).replace(/[\u00a0\u202f]/g, ' ');
  const facts: TextFacts = {};
  const price = PRICE_RE.exec(s);
  if (price) facts.price = num(price);
  const land = LAND_RE.exec(s);
  if (land) facts.landArea = num(land);
  const labelled = LABELLED_SURFACE_RE.exec(s);
  if (labelled) facts.surface = num(labelled);
  SURFACE_RE.lastIndex = 0;
  for (let m = SURFACE_RE.exec(s); m && !facts.surface; m = SURFACE_RE.exec(s)) {
    const before = s.slice(Math.max(0, m.index - 12), m.index).toLowerCase();
    if (before.includes('terrain') || s.slice(m.index + m[0].length, m.index + m[0].length + 10).includes('de terrain')) continue;
    if (/€\s*\/\s*$/.test(before)) continue;
    facts.surface = num(m);
  }
  // « 2/3 pièces », « T2/T3 »: a flat of 2 rooms, one more by closing a space off; it is sold as a 2.
  const rooms = ROOMS_RE.exec(s) ?? ROOMS_LABEL_RE.exec(s) ?? ROOMS_T_RE.exec(s);
  if (rooms) facts.rooms = Number(rooms[1]);
  const bedrooms = BEDROOMS_RE.exec(s) ?? BEDROOMS_LABEL_RE.exec(s);
  if (bedrooms) facts.bedrooms = Number(bedrooms[1]);
  const floor = FLOOR_RE.exec(s) ?? FLOOR_LABEL_RE.exec(s) ?? GROUND_RE.exec(s);
  if (floor) facts.floor = /^\d+$/.test(floor[1] ?? '') ? Number(floor[1]) : 0;
  const postcode = postcodeOf(s) ?? POSTCODE_LABEL_RE.exec(s)?.[1];
  if (postcode) {
    facts.postcode = postcode;
    // A labelled town first: in a table copied as text, the line after the postcode is another label.
    const city = TOWN_LABEL_RE.exec(s)?.[1]?.trim() ?? townBeside(s, postcode);
    if (city) facts.city = city;
  }
  const dpe = DPE_RE.exec(s);
  if (dpe) facts.dpeClass = energyClass(dpe[1]);
  // « Classe climat » is how the portals have named the GES label since the 2021 DPE.
  const ges = GES_RE.exec(s);
  if (ges) facts.gesClass = energyClass(ges[1]);
  const kwh = KWH_RE.exec(s);
  if (kwh) facts.dpeValue = num(kwh);
  const co2 = CO2_RE.exec(s);
  if (co2) facts.gesValue = num(co2);
  facts.propertyType = propertyTypeOf(s);
  facts.transaction = rentByPriceWording(s) ? 'location' : transactionOf(s);
  return facts;
}
