import { describe, expect, it } from 'vitest';
import { distanceMetres, haversineMetres, parcelId } from './geo.js';

describe('geo', () => {
  it('measures distances on the 6 371 008.8 m Earth, with or without Turf', () => {
    const a = { lon: 2.4833, lat: 48.9022 };
    const b = { lon: 2.4933, lat: 48.9022 };
    expect(distanceMetres(a, b)).toBeCloseTo(haversineMetres(a, b), 6);
    // One degree of latitude on a 6 371 008.8 m sphere.
    expect(haversineMetres({ lon: 0, lat: 0 }, { lon: 0, lat: 1 })).toBeCloseTo((Math.PI / 180) * 6_371_008.8, 3);
  });

  it('builds 14-character parcel ids', () => {
    expect(parcelId({ insee: '93010', section: 'AS', numero: 167 })).toBe('93010000AS0167');
    expect(parcelId({ insee: '1053', prefix: '', section: 'B', numero: '12' })).toBe('010530000B0012');
    expect(parcelId({ insee: '93010', prefix: '12', section: 'a', numero: '5' })).toBe('930100120A0005');
  });
});
