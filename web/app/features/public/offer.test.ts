// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { offerLabel } from './offer';

const NBSP = '\u00a0';

describe('offer label', () => {
  it('formats the configured price and interval in French', () => {
    expect(offerLabel({ priceCents: 4900, interval: 'month' })).toEqual({
      price: `49${NBSP}€`,
      per: 'par mois',
      full: `49${NBSP}€ TTC par mois`,
    });
    expect(offerLabel({ priceCents: 49000, interval: 'year' }).full).toBe(`490${NBSP}€ TTC par an`);
    expect(offerLabel({ priceCents: 2990, interval: 'month' }).price).toBe(`29,90${NBSP}€`);
  });
});
