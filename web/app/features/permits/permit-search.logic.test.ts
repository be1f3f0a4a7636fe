// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parcelPermitQuery } from './parcel-own-permits';
import { permitFormFromParams, permitQuery } from './permit-search.logic';
import { parcelLabels } from './permits-table';

describe('permit search in the address', () => {
  it('reads its filters, the analysed commune by default, and writes only the filled ones', () => {
    const form = permitFormFromParams(new URLSearchParams('insee=31555,31069&logementsMin=10&liste=bidon&du=2024-01-01'));
    expect(form).toEqual({ commune: '31555', du: '2024-01-01', au: '', liste: '', type: '', logementsMin: '10' });
    expect(permitQuery(form)).toBe('commune=31555&du=2024-01-01&logementsMin=10');
    expect(permitFormFromParams(new URLSearchParams('commune=93010&insee=31555')).commune).toBe('93010');
    expect(permitQuery(permitFormFromParams(new URLSearchParams('')))).toBeNull();
  });

  it('asks a parcel’s permits by commune, section and number, and names parcels as the cadastre does', () => {
    expect(parcelPermitQuery('31555000AB0246')).toBe('commune=31555&section=AB&numero=246');
    expect(parcelPermitQuery('315550000A0007')).toBe('commune=31555&section=0A&numero=7');
    expect(parcelLabels(['31555000AB0246', '315550000A0007'])).toBe('AB 246, A 7');
  });
});
