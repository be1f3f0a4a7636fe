/**
 * Sale or rental. Some pages do not say (PAP's rental pages, a pasted card): no dwelling sells
 * under 100 €/m² and no rent reaches 100 €/m² a month, so the price per m² tells them apart.
 * Shared by the browser extension's panel and « Analyse d’annonce ».
 */
export const RENT_CEILING_PER_M2 = 100;

export function saleOrRent(l: {
  transaction?: 'vente' | 'location' | null;
  price?: number | null;
  surface?: number | null;
}): { kind: 'vente' | 'location'; inferred: boolean } | null {
  if (l.transaction) return { kind: l.transaction, inferred: false };
  if (l.price == null || l.surface == null || l.surface <= 0) return null;
  return { kind: l.price / l.surface < RENT_CEILING_PER_M2 ? 'location' : 'vente', inferred: true };
}
