import { describe, expect, it } from 'vitest';
import { salesLink } from './zone-dashboard';

describe('salesLink', () => {
  it('opens the transactions of « ma zone » over the period the tile counts', () => {
    expect(salesLink('2022-09-30', '2022-12-30')).toBe('/pro/transactions?lieu=mazone&zone=mine&from=2022-10-01&to=2022-12-30');
    expect(salesLink('2024-02-28', '2024-03-31')).toBe('/pro/transactions?lieu=mazone&zone=mine&from=2024-02-29&to=2024-03-31');
    expect(salesLink(null, null)).toBe('/pro/transactions?lieu=mazone&zone=mine');
  });
});
