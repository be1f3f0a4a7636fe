import { describe, expect, it } from 'vitest';
import { complementBesidesFloor, dpeFloor, dpePostalAddress, dpeTargetAddress, dpeUnit, typedHouseNumber } from './dpe-address.logic.js';

const VILLON = {
  address: '69 Rue Villon 69008 Lyon',
  codePostal: '69008',
  commune: 'Lyon 8e Arrondissement',
  complement: 'Etage : 7',
  etage: 0,
};

describe('a DPE’s address', () => {
  it('does not repeat the postcode and town the BAN label already holds', () => {
    expect(dpePostalAddress(VILLON)).toBe('69 Rue Villon 69008 Lyon');
    expect(dpePostalAddress({ address: '69 Rue Villon', codePostal: '69008', commune: 'Lyon' })).toBe('69 Rue Villon 69008 Lyon');
  });

  it('takes the floor the complement writes over a 0 that means « not given »', () => {
    expect(dpeFloor(VILLON)).toBe(7);
    expect(dpeFloor({ complement: null, etage: 0 })).toBe(0);
    expect(dpeFloor({ complement: '3e étage', etage: null })).toBe(3);
    expect(dpeFloor({ complement: 'Bât. B', etage: 2 })).toBe(2);
    expect(complementBesidesFloor('Bât. B, Etage : 7')).toBe('Bât. B');
    expect(complementBesidesFloor('Etage : 7')).toBeNull();
  });

  it('gives a prospecting target one address, its floor once', () => {
    expect(dpeTargetAddress(VILLON)).toBe('69 Rue Villon 69008 Lyon, 7e\u00a0étage');
  });

  it('tells apart the flats of one address in a list, without a floor 0 that may mean « not given »', () => {
    expect(dpeUnit({ complement: 'APP 5/69', etage: 0 })).toBe('APP 5/69');
    expect(dpeUnit(VILLON)).toBe('7e\u00a0étage');
    expect(dpeUnit({ complement: 'Bât. B', etage: 2 })).toBe('Bât. B, 2e\u00a0étage');
    expect(dpeUnit({ complement: null, etage: 0 })).toBeNull();
  });
});

describe('typedHouseNumber', () => {
  const street = '69388_3795';
  it('keeps the number typed when the BAN matched the street only', () => {
    expect(typedHouseNumber('71 Avenue Jean Mermoz', street, 'Avenue Jean Mermoz')).toBe('71');
    expect(typedHouseNumber('100 Marius Berliet', street, 'Rue Marius Berliet')).toBe('100');
    expect(typedHouseNumber('248-264 BOULEVARD PINEL', street, 'Boulevard Pinel')).toBe('248-264');
    expect(typedHouseNumber('24, 26, 28 Berthe Morisot', street, 'Rue Berthe Morisot')).toBe('24, 26, 28');
    expect(typedHouseNumber('39bis Léo Lagrange', '62397_0820', 'Rue Leo Lagrange')).toBe('39bis');
    expect(typedHouseNumber('12B rue Villon', street, 'Rue Villon')).toBe('12B');
  });
  it('keeps nothing when the BAN found the number, or when the typed text cannot say it', () => {
    expect(typedHouseNumber('71 Avenue Jean Mermoz', '69388_3795_00071', 'Avenue Jean Mermoz')).toBeNull();
    expect(typedHouseNumber('71 Avenue Jean Mermoz', null, 'Avenue Jean Mermoz')).toBeNull();
    expect(typedHouseNumber('71 Avenue Jean Mermoz', street, null)).toBeNull();
    expect(typedHouseNumber('Avenue Jean Mermoz', street, 'Avenue Jean Mermoz')).toBeNull();
    expect(typedHouseNumber('20 RUE DE BAZUEL\n6 RES PEUPLIERS', '02558_X011', 'Résidence du Bosquet les Peupliers')).toBeNull();
    // A road's number, not a house's.
    expect(typedHouseNumber('69 route départementale', '06103_qsdgpm', 'Route Métropolitaine 69')).toBeNull();
    expect(typedHouseNumber(null, street, 'Avenue Jean Mermoz')).toBeNull();
    // Letters glued to the number are a word, not a repetition.
    expect(typedHouseNumber('71avenue Jean Mermoz', street, 'Avenue Jean Mermoz')).toBeNull();
  });
});
