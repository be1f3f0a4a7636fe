import { describe, expect, it } from 'vitest';
import { gapLabel, noEstimateLabel, priceHistoryLabel, verdictsDisagreeLabel } from './price-labels';

describe('priceHistoryLabel', () => {
  it('names each price’s site only when the listing was seen on several', () => {
    const one = [
      { price: 310000, portal: 'seloger' as const, seenAt: '2026-11-20T10:00:00Z' },
      { price: 295000, portal: 'seloger' as const, seenAt: '2026-11-24T10:00:00Z' },
    ];
    expect(priceHistoryLabel({ prices: one, transaction: 'vente' })).toBe(
      '310\u202f000\u00a0€ le 20/11/2026 → 295\u202f000\u00a0€ le 24/11/2026',
    );
    const two = [...one, { price: 299000, portal: 'leboncoin' as const, seenAt: '2026-11-25T10:00:00Z' }];
    expect(priceHistoryLabel({ prices: two, transaction: 'vente' })).toBe(
      '310\u202f000\u00a0€ le 20/11/2026 (SeLoger) → 295\u202f000\u00a0€ le 24/11/2026 (SeLoger) → 299\u202f000\u00a0€ le 25/11/2026 (leboncoin)',
    );
    expect(priceHistoryLabel({ prices: [{ price: 1345, portal: 'pap', seenAt: '2026-11-25T10:00:00Z' }], transaction: 'location' })).toBe(
      '1\u202f345\u00a0€/mois le 25/11/2026',
    );
  });
});

describe('gapLabel', () => {
  it('computes the margin on the estimate as shown (rounded), so that the figures add up', () => {
    // Estimate 213 100 € shown as 213 000 €: the margin is 229 000 − 213 000, not 15 900 €.
    expect(gapLabel(229000, 213100)).toBe(
      'Prix demandé 229\u202f000\u00a0€\u00a0: 7,5\u00a0% au-dessus de l’estimation. Marge de négociation\u00a0: 16\u202f000\u00a0€.',
    );
    expect(gapLabel(229500, 213400)).toMatch(/Marge de négociation\u00a0: 16\u202f500\u00a0€\.$/);
    // Above by 300 € only before rounding: in line with the estimate shown.
    expect(gapLabel(213000, 212700)).toBe('Prix demandé 213\u202f000\u00a0€\u00a0: au niveau de l’estimation, pas de marge évidente.');
    expect(gapLabel(200000, 213400)).toBe('Prix demandé 200\u202f000\u00a0€\u00a0: 6,1\u00a0% sous l’estimation, pas de marge évidente.');
  });

  it('computes the margin net of the agency fees: lower by the fees than on the fees-included price', () => {
    // 229 000 € FAI at 5 %: 218 095 € net seller; margin 5 095 € against 16 000 € on the price as asked.
    expect(gapLabel(229000, 213100, { basis: 'honoraires-inclus', ratePct: 5 })).toBe(
      'Prix demandé 229\u202f000\u00a0€ honoraires inclus, soit 218\u202f095\u00a0€ net vendeur (honoraires de 5\u00a0%, 10\u202f905\u00a0€)\u00a0: ' +
        '2,4\u00a0% au-dessus de l’estimation. Marge de négociation\u00a0: 5\u202f095\u00a0€.',
    );
    expect(gapLabel(229000, 213100, { basis: 'net-vendeur', ratePct: null })).toBe(
      'Prix demandé 229\u202f000\u00a0€ net vendeur\u00a0: 7,5\u00a0% au-dessus de l’estimation. Marge de négociation\u00a0: 16\u202f000\u00a0€.',
    );
    expect(gapLabel(229000, 213100, { basis: 'honoraires-inclus', ratePct: 4.5 })).toMatch(/honoraires de 4,5\u00a0%/);
    // Fees above the gap: no margin left once they are out.
    expect(gapLabel(220000, 213100, { basis: 'honoraires-inclus', ratePct: 5 })).toMatch(/sous l’estimation, pas de marge évidente\.$/);
  });
});

describe('noEstimateLabel', () => {
  const placed = {
    commune: { insee: '69388', name: 'Lyon 8e Arrondissement' },
    point: { lat: 45.7267, lon: 4.8763, source: 'annonce' as const },
  };
  const flat = { portal: 'seloger' as const, propertyType: 'appartement' as const, surface: 70 };

  it('gives a rent’s own reason, never the localisation one, placed or not', () => {
    const rent = { ...flat, transaction: 'location' as const };
    expect(noEstimateLabel({ ...placed, period: null }, rent)).toBe(
      'Pas d’estimation pour une location\u00a0: les ventes DVF ne donnent pas de loyer.',
    );
    expect(noEstimateLabel({ ...placed, point: null, period: null }, rent)).not.toMatch(/localisée/);
  });

  it('asks for the address only when the sale is not placed', () => {
    const period = { from: '2022-01-01', to: '2023-12-31' };
    const sale = { ...flat, transaction: 'vente' as const };
    expect(noEstimateLabel({ ...placed, point: null, period }, sale)).toMatch(/doit être localisée/);
    expect(noEstimateLabel({ ...placed, period }, sale)).toBe('Pas d’estimation\u00a0: moins de 3 ventes comparables dans le secteur.');
  });
});

describe('verdictsDisagreeLabel', () => {
  it('says which figure to trust when the €/m² badge and the estimate disagree, and nothing when they agree', () => {
    // Bondy, a 110 m² house at 389 000 €: 3 536 €/m² against 4 000 within 500 m, estimate 346 000 €.
    expect(verdictsDisagreeLabel('dessous', 389_000, 345_565)).toBe(
      'La médiane au m² compte les ventes du même type de toutes surfaces\u00a0; l’estimation ne retient que celles de surface proche (±\u00a020\u00a0%)\u00a0: c’est elle qui situe le prix demandé.',
    );
    expect(verdictsDisagreeLabel('dessus', 300_000, 346_000)).not.toBeNull();
    // Within 5 % of the estimate, or the same direction: no contradiction to explain.
    expect(verdictsDisagreeLabel('dessous', 360_000, 346_000)).toBeNull();
    expect(verdictsDisagreeLabel('dessous', 300_000, 346_000)).toBeNull();
    expect(verdictsDisagreeLabel('dessus', 389_000, 346_000)).toBeNull();
    expect(verdictsDisagreeLabel('aligne', 389_000, 346_000)).toBeNull();
    expect(verdictsDisagreeLabel(null, 389_000, 346_000)).toBeNull();
  });
});
