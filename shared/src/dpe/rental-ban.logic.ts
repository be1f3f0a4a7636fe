/**
 * Loi Climat et résilience (loi n° 2021-1104, art. 160; Code de la construction, art. L173-1-1 and
 * décret n° 2021-19): a dwelling whose DPE class is G may no longer be let under a new lease from
 * 1 January 2025, class F from 1 January 2028, class E from 1 January 2034. Classes A–D have no
 * ban. Shared by the DPE search, the listings and the browser extension.
 */

export const DPE_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type DpeClass = (typeof DPE_CLASSES)[number];

/** First day a dwelling of this class is « indécent » for a new lease (`YYYY-MM-DD`). */
export const RENTAL_BAN_DATES: Readonly<Partial<Record<DpeClass, string>>> = {
  G: '2025-01-01',
  F: '2028-01-01',
  E: '2034-01-01',
};

export function isDpeClass(v: unknown): v is DpeClass {
  return typeof v === 'string' && (DPE_CLASSES as readonly string[]).includes(v);
}

/** The date from which a dwelling of this class may not be let, or null (A–D, unknown class). */
export function rentalBanDate(dpeClass: string | null | undefined): string | null {
  return isDpeClass(dpeClass) ? (RENTAL_BAN_DATES[dpeClass] ?? null) : null;
}

export type RentalBanStatus = { kind: 'none' } | { kind: 'banned'; since: string } | { kind: 'upcoming'; from: string };

/** Where a dwelling of this class stands on a given day (`YYYY-MM-DD`, e.g. the newest data date). */
export function rentalBanStatus(dpeClass: string | null | undefined, on: string): RentalBanStatus {
  const date = rentalBanDate(dpeClass);
  if (!date) return { kind: 'none' };
  return on >= date ? { kind: 'banned', since: date } : { kind: 'upcoming', from: date };
}

/** « passoires thermiques »: classes F and G. */
export const PASSOIRE_CLASSES: readonly DpeClass[] = ['F', 'G'];
