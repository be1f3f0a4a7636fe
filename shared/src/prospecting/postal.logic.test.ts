import { describe, expect, it } from 'vitest';
import { addressBlock, bodyAddress, displayComplement, parsePostalAddress, postalLines, postalTown } from './postal.logic.js';

const FLERS = '69 Rue du Mont Saint Michel 61100 Flers, APP 1/69, rez-de-chaussée';

describe('a target’s postal address', () => {
  it('splits the address a target kept into street, postcode, town and complement', () => {
    expect(parsePostalAddress(FLERS)).toEqual({
      street: '69 Rue du Mont Saint Michel',
      postcode: '61100',
      town: 'Flers',
      complement: 'APP 1/69, rez-de-chaussée',
    });
    expect(parsePostalAddress('12 Rue Jules Guesde, 93140 Bondy')).toEqual({
      street: '12 Rue Jules Guesde',
      postcode: '93140',
      town: 'Bondy',
      complement: null,
    });
    expect(parsePostalAddress('17 r louis auguste blanqui 93140 BONDY').town).toBe('BONDY');
    expect(parsePostalAddress('69 Rue Villon 69008 Lyon, 7e\u00a0étage').complement).toBe('7e\u00a0étage');
    // No postcode: all of it is one line, nothing invented.
    expect(parsePostalAddress('Bondy')).toEqual({ street: 'Bondy', postcode: null, town: null, complement: null });
  });

  it('writes the complement as a letter does, never title-cased', () => {
    expect(displayComplement('APP 1/69, rez-de-chaussée')).toBe('App. 1/69, rez-de-chaussée');
    expect(displayComplement('bat B, 3e\u00a0étage')).toBe('Bât. B, 3e\u00a0étage');
    expect(displayComplement('RDC')).toBe('Rez-de-chaussée');
    expect(displayComplement('Bat. 69; Etage 4; Porte 182')).toBe('Bât. 69; étage 4; Porte 182');
    // The diagnostician's own words stay as typed.
    expect(displayComplement('RESIDENCE PERRACHE')).toBe('RESIDENCE PERRACHE');
    expect(bodyAddress(parsePostalAddress(FLERS))).toBe('69 Rue du Mont Saint Michel 61100 Flers, App. 1/69, rez-de-chaussée');
    expect(bodyAddress(parsePostalAddress('17 r louis auguste blanqui 93140 BONDY'))).toBe('17 Rue Louis Auguste Blanqui 93140 Bondy');
  });

  it('lays the block out as La Poste reads it: complement, street, then postcode and TOWN alone', () => {
    expect(postalLines(parsePostalAddress(FLERS))).toEqual(['App. 1/69, rez-de-chaussée', '69 Rue du Mont Saint Michel', '61100 FLERS']);
    expect(postalTown('Évry-Courcouronnes')).toBe('EVRY-COURCOURONNES');
    expect(postalTown('Paris 18e Arrondissement')).toBe('PARIS');
    const block = addressBlock(
      ['ATM SARL', 'Syndic de la copropriété Cote Jardin'],
      parsePostalAddress('17 r louis auguste blanqui 93140 BONDY'),
    );
    expect(block).toEqual(['ATM SARL', 'Syndic de la copropriété Cote Jardin', '17 Rue Louis Auguste Blanqui', '93140 BONDY']);
    // Six lines at most: recipient lines give way to the address.
    expect(addressBlock(['1', '2', '3', '4', '5'], parsePostalAddress(FLERS))).toHaveLength(6);
  });

  it('keeps a parcel’s description as the app wrote it (no postcode: no registry casing)', () => {
    const parts = parsePostalAddress('Paris 18e Arrondissement, section CF n° 104');
    expect(postalLines(parts)).toEqual(['Paris 18e Arrondissement, section CF n° 104']);
    expect(bodyAddress(parts)).toBe('Paris 18e Arrondissement, section CF n° 104');
  });
});
