/**
 * Reading French listing strings: « 1 345 € », « 16,20 m² », « 1.300 € », « 3ème étage ». Applied
 * to one short text at a time (a card, a fact, a pasted listing), never to a whole page.
 */
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

export function transactionOf(raw: string | null | undefined): (typeof TRANSACTION_KINDS)[number] | undefined {
  if (!raw) return undefined;
  if (/\b(à louer|location|loyer|\/\s*mois|par mois|louer)\b/i.test(raw)) return 'location';
  if (/\b(à vendre|vente|vendre)\b/i.test(raw)) return 'vente';
  return undefined;
}

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** « 01 juillet 2024 », « 7 juin 2022 », « 17/02/2026 », « 2025-09-25 17:26:33 » → `YYYY-MM-DD`. */
export function frenchDate(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(raw);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const slash = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(raw);
  if (slash) return `${slash[3]}-${(slash[2] ?? '').padStart(2, '0')}-${(slash[1] ?? '').padStart(2, '0')}`;
  const words = /\b(\d{1,2})(?:er)?\s+([a-zéû]+)\s+(\d{4})\b/i.exec(raw);
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
 * A number as listings write it. Its thousands groups stay on one line and it never starts inside
 * a longer number: « Bondy 93140 » then « 229 000 € » on the next line is no price of 140 229 000 €.
 */
const NUM = String.raw`(?<!\d)(\d{1,3}(?:[ \t\u00a0\u202f.]\d{3})+|\d+)(?:[,.](\d+))?`;

function num(m: RegExpExecArray | null, group = 1): number | undefined {
  if (!m) return undefined;
  return frenchNumber(m[group + 1] ? `${m[group]},${m[group + 1]}` : m[group]);
}

/** Capitalised words before a postcode that are the listing's, not the town's (« Vente Appartement Bondy (93140) »). */
const NOT_TOWN =
  /^(?:vente|location|appartement|maison|studio|duplex|triplex|loft|villa|terrain|immeuble|parking|garage|local|bureau|commerce|propriété|ferme|[TF]\d+)$/i;

/**
 * The town beside its postcode: « Bondy (93140) », « Le Havre 76600 », « 93140 Bondy ». Only
 * capitalised words and the small words of a town's name, so that « à vendre » is not a town.
 */
export function townBeside(s: string, postcode: string): string | undefined {
  const town = `([A-ZÀ-Ý][\\p{L}'’-]*(?:[ -](?:[A-ZÀ-Ý][\\p{L}'’-]*|sur|sous|en|lès|les|le|la|de|du|des))*)`;
  const m = new RegExp(`${town}\\s*\\(?${postcode}\\b`, 'u').exec(s) ?? new RegExp(`\\b${postcode}\\)?\\s+${town}`, 'u').exec(s);
  const words = (m?.[1] ?? '').trim().split(' ');
  while (words.length > 0 && NOT_TOWN.test(words[0] ?? '')) words.shift();
  return words.join(' ') || undefined;
}

/**
 * A town as a portal writes it, shown in French typography: the ordinal of an arrondissement is
 * « 8e », not « 8ème » (« Lyon 8ème » → « Lyon 8e », « Paris 18eme » → « Paris 18e »); « 1er » stays.
 * For display only: the stored text is the portal's.
 */
export function displayTown(raw: string): string {
  return raw.replace(/(\d+)\s*i?[eè]me(?!\p{L})/giu, '$1e');
}

/**
 * The facts a short listing text states: a card's innerText, a title, a pasted listing. Each fact is
 * read only where its unit or keyword says what it is (« € », « m² », « pièces », « DPE »).
 */
export function factsFromText(raw: string): TextFacts {
  const s = raw.replace(/[\u00a0\u202f]/g, ' ');
  const facts: TextFacts = {};
  const price = new RegExp(`${NUM}\\s*€(?!\\s*/\\s*m(?:²|2))`).exec(s);
  if (price) facts.price = num(price);
  const land = new RegExp(`terrain(?: de)?\\s*:?\\s*${NUM}\\s*m(?:²|2)`, 'i').exec(s);
  if (land) facts.landArea = num(land);
  const surfaceRe = new RegExp(`${NUM}\\s*m(?:²|2)(?![a-z])`, 'gi');
  for (let m = surfaceRe.exec(s); m; m = surfaceRe.exec(s)) {
    const before = s.slice(Math.max(0, m.index - 12), m.index).toLowerCase();
    if (before.includes('terrain') || s.slice(m.index + m[0].length, m.index + m[0].length + 10).includes('de terrain')) continue;
    if (/€\s*\/\s*$/.test(before)) continue;
    facts.surface = num(m);
    break;
  }
  // « 2/3 pièces », « T2/T3 »: a flat of 2 rooms, one more by closing a space off; it is sold as a 2.
  const rooms = /(?<![\d/])(\d+)(?:\s*\/\s*\d+)?\s*pi[eè]ces?\b/i.exec(s) ?? /\b[TF](\d)(?:\s*\/\s*[TF]?\d)?\b/.exec(s);
  if (rooms) facts.rooms = Number(rooms[1]);
  const bedrooms = /(\d+)\s*(?:chambres?|ch\.)/i.exec(s);
  if (bedrooms) facts.bedrooms = Number(bedrooms[1]);
  const floor = /(\d+)\s*(?:e|er|re|ère|ème|eme)\s+étage/i.exec(s) ?? /étage\s*:?\s*(\d+)/i.exec(s) ?? /(rdc|rez-de-chauss[ée]e)/i.exec(s);
  if (floor) facts.floor = /^\d+$/.test(floor[1] ?? '') ? Number(floor[1]) : 0;
  const postcode = /\((\d{5})\)/.exec(s) ?? /([A-Za-zÀ-ÿ'’-]+(?:[ -][A-Za-zÀ-ÿ'’-]+)*)\s+(\d{5})\b/.exec(s);
  if (postcode) facts.postcode = postcode.length > 2 ? postcode[2] : postcode[1];
  if (facts.postcode) {
    const city = townBeside(s, facts.postcode);
    if (city) facts.city = city;
  }
  const dpe = /(?:DPE|classe (?:é|e)nergie|classe (?:é|e)nerg(?:é|e)tique)\s*:?\s*([A-G])\b/i.exec(s);
  if (dpe) facts.dpeClass = energyClass(dpe[1]);
  // « Classe climat » is how the portals have named the GES label since the 2021 DPE.
  const ges = /(?:\bGES|classe climat)\s*:?\s*([A-G])\b/i.exec(s);
  if (ges) facts.gesClass = energyClass(ges[1]);
  const kwh = new RegExp(`${NUM}\\s*kWh(?:EP)?\\s*/\\s*m`, 'i').exec(s);
  if (kwh) facts.dpeValue = num(kwh);
  const co2 = new RegExp(`${NUM}\\s*kg\\s*(?:éq\\.?\\s*)?CO`, 'i').exec(s);
  if (co2) facts.gesValue = num(co2);
  facts.propertyType = propertyTypeOf(s);
  facts.transaction = transactionOf(s);
  return facts;
}
