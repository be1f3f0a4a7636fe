/**
 * A DPE's address as a letter or a heading writes it. ADEME gives the BAN label (« 119 Rue Villon
 * 69008 Lyon », postcode and town included), an address complement typed by the diagnostician
 * (« Etage : 7 », « Bât. B ») and a floor number that is 0 both for a ground floor and for a floor
 * not given: the complement's floor wins over that 0.
 */
const FLOOR = /[ée]tage\s*:?\s*(\d{1,3})|(\d{1,3})\s*(?:e|er|ème|eme)\s+[ée]tage/i;

interface DpeAddressParts {
  address: string | null;
  codePostal: string | null;
  commune: string | null;
  complement: string | null;
  etage: number | null;
}

/** The postal address: the BAN label, with postcode and town added only when it lacks them. */
export function dpePostalAddress(d: Pick<DpeAddressParts, 'address' | 'codePostal' | 'commune'>): string {
  const base = (d.address ?? '').trim();
  if (base && d.codePostal && base.includes(d.codePostal)) return base;
  return [base, d.codePostal, d.commune].filter(Boolean).join(' ');
}

/** The floor: the complement's when the number is missing or a 0 the complement contradicts. */
export function dpeFloor(d: Pick<DpeAddressParts, 'complement' | 'etage'>): number | null {
  const m = FLOOR.exec(d.complement ?? '');
  const written = m ? Number(m[1] ?? m[2]) : null;
  if (d.etage === null || (d.etage === 0 && written !== null && written > 0)) return written;
  return d.etage;
}

/** « rez-de-chaussée », « 1er étage », « 7e étage ». */
export function floorLabel(floor: number): string {
  return floor === 0 ? 'rez-de-chaussée' : `${floor}${floor === 1 ? 'er' : 'e'}\u00a0étage`;
}

/** What the complement says besides the floor (« Bât. B »), or null. */
export function complementBesidesFloor(complement: string | null): string | null {
  const rest = (complement ?? '')
    .replace(FLOOR, '')
    .replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/g, '')
    .trim();
  return rest || null;
}

/** The address a prospecting target keeps: postal address, then complement and floor. */
export function dpeTargetAddress(d: DpeAddressParts): string {
  const floor = dpeFloor(d);
  return [dpePostalAddress(d), complementBesidesFloor(d.complement), floor === null ? null : floorLabel(floor)].filter(Boolean).join(', ');
}

/**
 * What tells a dwelling apart from the others of its address in a list: the complement (« APP 5/69 »,
 * « Bât. B ») and a floor above the ground (a 0 may mean « not given »), or null.
 */
export function dpeUnit(d: Pick<DpeAddressParts, 'complement' | 'etage'>): string | null {
  const floor = dpeFloor(d);
  const parts = [complementBesidesFloor(d.complement), floor ? floorLabel(floor) : null].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/**
 * A BAN id of a street or a lieu-dit (`69388_3795`), not of a house number (`69388_3795_00071`): one
 * underscore. Tested without splitting: this runs on every line of a DPE import.
 */
export function isStreetBanId(banId: string | null | undefined): banId is string {
  const underscore = banId ? banId.indexOf('_') : -1;
  return underscore > 0 && (banId as string).indexOf('_', underscore + 1) < 0;
}

/** One number and its repetition, as typed: « 71 », « 39bis », « 12B ». */
const ONE_NUMBER = String.raw`\d{1,5}(?:bis|ter|quater|quinquies|[a-z])?`;
/** Numbers at the head of a typed address, then a space: « 71 », « 248-264 », « 24, 26, 28 » (not « 71avenue »). */
const TYPED_NUMBER = new RegExp(String.raw`^(${ONE_NUMBER}(?:\s*(?:-|,|/)\s*${ONE_NUMBER})*)\s+\S`, 'i');

/**
 * The house number the diagnostician typed, kept when the BAN matched the DPE to its street only
 * (`identifiant_ban` of a street or a lieu-dit, `69388_3795`): « 71 Avenue Jean Mermoz » → « 71 »,
 * to be written before the BAN's street name. Null when the BAN found the number itself, when the
 * typed address is several lines (« 20 RUE DE BAZUEL / 6 RES PEUPLIERS »: which line is the BAN's
 * street?), when it starts with no number, or when that number is part of the BAN's street name (« 69
 * route départementale » matched to « Route Métropolitaine 69 »: a road's number, not a house's).
 */
export function typedHouseNumber(
  raw: string | null | undefined,
  banId: string | null | undefined,
  banStreet: string | null | undefined,
): string | null {
  if (!isStreetBanId(banId) || !banStreet?.trim()) return null;
  const typed = (raw ?? '').trim();
  if (typed === '' || /[\r\n]/.test(typed)) return null;
  const number = TYPED_NUMBER.exec(typed)?.[1];
  if (!number) return null;
  const first = /^\d+/.exec(number)?.[0] ?? '';
  if (new RegExp(`(^|\\D)${first}(\\D|$)`).test(banStreet)) return null;
  return number.replace(/\s+/g, ' ');
}
