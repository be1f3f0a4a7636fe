import { describe, expect, it } from 'vitest';
import { feesChoiceLabel, opinionMargin, opinionMarginLabel } from './opinion-pricing.logic.js';

describe('value opinion margin', () => {
  it('is lower by the fees when the asking price includes them', () => {
    const net = opinionMargin(229_000, { basis: 'net-vendeur', ratePct: null }, 213_000);
    const fai = opinionMargin(229_000, { basis: 'honoraires-inclus', ratePct: 5 }, 213_000);
    expect(net).toMatchObject({ netPrice: 229_000, feesAmount: 0, margin: 16_000 });
    // 5 % of 218 095 € is 10 905 €.
    expect(fai).toMatchObject({ netPrice: 218_095, feesAmount: 10_905, margin: 5_095 });
    expect(net.margin - fai.margin).toBe(fai.feesAmount);
  });

  it('prints the choice: « honoraires inclus (x %) » or « net vendeur »', () => {
    expect(feesChoiceLabel({ basis: 'honoraires-inclus', ratePct: 5 })).toBe('honoraires inclus (5\u00a0%)');
    expect(feesChoiceLabel({ basis: 'honoraires-inclus', ratePct: 4.5 })).toBe('honoraires inclus (4,5\u00a0%)');
    expect(feesChoiceLabel({ basis: 'net-vendeur', ratePct: null })).toBe('net vendeur');
    expect(opinionMarginLabel(opinionMargin(229_000, { basis: 'honoraires-inclus', ratePct: 5 }, 213_000))).toBe(
      'Prix demandé 229\u202f000\u00a0€ honoraires inclus (5\u00a0%), soit 218\u202f095\u00a0€ net vendeur (honoraires 10\u202f905\u00a0€)\u00a0: marge de négociation 5\u202f095\u00a0€ sur la valeur retenue.',
    );
    expect(opinionMarginLabel(opinionMargin(200_000, { basis: 'net-vendeur', ratePct: null }, 213_000))).toBe(
      'Prix demandé 200\u202f000\u00a0€ net vendeur\u00a0: 13\u202f000\u00a0€ sous la valeur retenue, pas de marge.',
    );
  });
});
