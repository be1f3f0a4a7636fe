import { describe, expect, it } from 'vitest';
import { lastPriceChange } from './saved-csv.logic.js';

const at = (price: number, seenAt: string, portal: 'seloger' | 'leboncoin' = 'seloger') => ({ price, portal, seenAt });

describe('lastPriceChange', () => {
  it('is null while the price never moved, whatever the sites that showed it', () => {
    expect(lastPriceChange([])).toBeNull();
    expect(lastPriceChange([at(310000, '2026-01-14T10:00:00Z')])).toBeNull();
    expect(lastPriceChange([at(310000, '2026-01-14T10:00:00Z'), at(310000, '2026-01-20T10:00:00Z', 'leboncoin')])).toBeNull();
  });

  it('gives the latest move: the price before it and when the new one was seen', () => {
    expect(
      lastPriceChange([
        at(310000, '2026-01-14T10:00:00Z'),
        at(295000, '2026-02-02T10:00:00Z'),
        at(299000, '2026-02-10T10:00:00Z'),
        at(299000, '2026-02-20T10:00:00Z'),
      ]),
    ).toEqual({ previous: 295000, at: '2026-02-10T10:00:00Z' });
  });
});
