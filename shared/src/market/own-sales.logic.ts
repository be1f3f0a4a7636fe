/**
 * The subject's own earlier sales: a sale of the same parcel, or at the same address, with a
 * surface within OWN_SALE_SURFACE_TOLERANCE of the subject's, is the property itself sold before.
 * Its price says what the property fetched then; counted as a comparable it would pull the
 * estimate towards its own past (the report shows it apart as « Ventes précédentes de ce bien »).
 */

/** ±5 %: DVF's surface réelle bâtie and an agent's measure of the same flat differ by a few m². */
export const OWN_SALE_SURFACE_TOLERANCE = 0.05;

/** An address folded for comparison: no accent, no punctuation, lower case, single spaces. */
export function foldAddress(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Whether the subject's label (« 139 Avenue Carnot 93140 Bondy ») names the sale's address
 * (« 139 Avenue Carnot »): the label starts with it, followed by the postcode or the commune.
 */
export function sameAddress(subjectLabel: string, saleAddress: string): boolean {
  const sale = foldAddress(saleAddress);
  if (!/^\d/.test(sale)) return false; // a street without a number names many properties
  const label = foldAddress(subjectLabel);
  return label === sale || label.startsWith(`${sale} `);
}

export function isOwnSale(
  subject: { label: string; surface: number; parcel: string | null },
  sale: { address: string; surface: number; parcel: string | null },
): boolean {
  if (Math.abs(sale.surface - subject.surface) > subject.surface * OWN_SALE_SURFACE_TOLERANCE) return false;
  return (subject.parcel !== null && sale.parcel === subject.parcel) || sameAddress(subject.label, sale.address);
}
