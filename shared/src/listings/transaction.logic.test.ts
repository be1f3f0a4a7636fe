import { describe, expect, it } from 'vitest';
import { saleOrRent } from './transaction.logic.js';

describe('sale or rent', () => {
  it('keeps what the page says, and deduces it from the price per m² when it says nothing', () => {
    expect(saleOrRent({ transaction: 'vente', price: 490, surface: 36 })).toEqual({ kind: 'vente', inferred: false });
    // Le Havre, « 490 € … 36 m² … Meublé »: 13,6 €/m², a rent.
    expect(saleOrRent({ price: 490, surface: 36 })).toEqual({ kind: 'location', inferred: true });
    expect(saleOrRent({ price: 239_000, surface: 62 })).toEqual({ kind: 'vente', inferred: true });
    expect(saleOrRent({ price: 239_000 })).toBeNull();
    expect(saleOrRent({ price: 239_000, surface: 0 })).toBeNull();
  });
});
