import { describe, expect, it } from 'vitest';
import { addressAnalysisUrl, addressQuerySchema, PLACED_BY_BAN_POSITION } from './address-contracts.js';

describe('addressAnalysisUrl', () => {
  it('writes the point, its address and parcel, and the BAN’s credit only when the BAN placed it', () => {
    const url = new URL(
      addressAnalysisUrl({
        lat: 48.895901,
        lon: 2.479688,
        address: '139 Avenue Carnot 93140 Bondy',
        parcel: '93010000AS0167',
        placedByBan: true,
      }),
      'http://x',
    );
    expect(url.pathname).toBe('/pro/analyseadresse');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      adresse: '139 Avenue Carnot 93140 Bondy',
      lat: '48.895901',
      lon: '2.479688',
      parcelle: '93010000AS0167',
      position: PLACED_BY_BAN_POSITION,
    });
    // What the server reads of it is valid as it stands.
    expect(addressQuerySchema.safeParse(Object.fromEntries(url.searchParams)).success).toBe(true);
  });

  it('opens a portal’s or a clicked point as a plain point', () => {
    expect(addressAnalysisUrl({ lat: 45.7267, lon: 4.8763 })).toBe('/pro/analyseadresse?lat=45.7267&lon=4.8763');
    expect(addressAnalysisUrl({ lat: 45.7267, lon: 4.8763, address: null, parcel: null, placedByBan: false })).toBe(
      '/pro/analyseadresse?lat=45.7267&lon=4.8763',
    );
  });
});
