import { describe, expect, it } from 'vitest';
import { spellingKey } from '../address-display.js';
import { type BanStreet, ownersFileAddress, postalTown } from './address.logic.js';

const paris18 = { nom: 'Paris 18e Arrondissement', codesPostaux: ['75018'] };
const parts = (numeroVoirie: string | null, natureVoie: string | null, nomVoie: string | null, indiceRepetition: string | null = null) => ({
  codeCommune: '75118',
  numeroVoirie,
  indiceRepetition,
  natureVoie,
  nomVoie,
});

describe('ownersFileAddress', () => {
  it('writes the DGFiP parts as the BAN writes an address', () => {
    expect(ownersFileAddress(parts('0029', 'RUE', 'DOUDEAUVILLE'), paris18, new Map())).toBe('29 Rue Doudeauville, 75018 Paris');
    expect(ownersFileAddress(parts('0012', 'VLA', 'DES TULIPES', 'B'), paris18, new Map())).toBe('12 bis Villa des Tulipes, 75018 Paris');
    expect(ownersFileAddress(parts('0002', 'RUE', 'HENRI HUCHARD', 'S'), paris18, new Map())).toBe('2 Rue Henri Huchard, 75018 Paris');
    // No number: the street alone.
    expect(ownersFileAddress(parts('0000', 'RUE', 'ORDENER'), paris18, new Map())).toBe('Rue Ordener, 75018 Paris');
    expect(ownersFileAddress(parts('0003', null, null), paris18, new Map())).toBeNull();
  });

  it('takes the BAN street’s spelling, postcode and town when the commune’s BAN knows it', () => {
    const streets = new Map<string, BanStreet>([
      [spellingKey('31555', 'RUE DE LA FRATERNITE'), { nomVoie: 'Rue de la Fraternité', codePostal: '31300', commune: 'Toulouse' }],
    ]);
    const toulouse = { nom: 'Toulouse', codesPostaux: ['31000', '31100', '31200', '31300', '31400', '31500'] };
    expect(ownersFileAddress({ ...parts('0139', 'RUE', 'DE LA FRATERNITE'), codeCommune: '31555' }, toulouse, streets)).toBe(
      '139 Rue de la Fraternité, 31300 Toulouse',
    );
    // Several postcodes and a street the BAN does not know: the town alone, no postcode guessed.
    expect(ownersFileAddress({ ...parts('0002', 'AV', 'DES MINIMES'), codeCommune: '31555' }, toulouse, streets)).toBe(
      '2 Avenue des Minimes, Toulouse',
    );
  });

  it('names Paris, Lyon and Marseille, not their arrondissements', () => {
    expect(postalTown('75118', 'Paris 18e Arrondissement')).toBe('Paris');
    expect(postalTown('69388', 'Lyon 8e Arrondissement')).toBe('Lyon');
    expect(postalTown('13201', 'Marseille 1er Arrondissement')).toBe('Marseille');
    expect(postalTown('93010', 'Bondy')).toBe('Bondy');
  });
});
