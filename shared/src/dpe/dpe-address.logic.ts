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
