import { describe, expect, it } from 'vitest';
import { priceHistoryLabel } from './price-labels';

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
