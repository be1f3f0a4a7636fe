/** A DVF line's address: number, suffix and street, the DGFiP's placeholder numbers left out. */
import { describe, expect, it } from 'vitest';
import { isPlaceholderNumber, lineAddress } from './dvf.js';

describe('lineAddress', () => {
  it('writes number, suffix and street', () => {
    expect(lineAddress({ adresseNumero: '3', adresseSuffixe: 'B', adresseNomVoie: 'RUE DES LILAS' })).toBe('3 B RUE DES LILAS');
    expect(lineAddress({ adresseNumero: null, adresseSuffixe: null, adresseNomVoie: 'RUE DES LILAS' })).toBe('RUE DES LILAS');
    expect(lineAddress({ adresseNumero: '8999', adresseSuffixe: null, adresseNomVoie: 'RTE DE BAYONNE' })).toBe('8999 RTE DE BAYONNE');
  });

  it('leaves out the placeholder numbers 9000 to 9999, which mean « no number », with their suffix', () => {
    expect(lineAddress({ adresseNumero: '9001', adresseSuffixe: null, adresseNomVoie: 'CHE DE BIANTENIA' })).toBe('CHE DE BIANTENIA');
    expect(lineAddress({ adresseNumero: '9614', adresseSuffixe: 'A', adresseNomVoie: 'DONGOCHENIA' })).toBe('DONGOCHENIA');
    expect(isPlaceholderNumber('9000')).toBe(true);
    expect(isPlaceholderNumber('10000')).toBe(false);
    expect(isPlaceholderNumber('139')).toBe(false);
    expect(isPlaceholderNumber(null)).toBe(false);
  });
});
