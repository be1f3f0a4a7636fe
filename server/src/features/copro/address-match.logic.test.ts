/**
 * Addresses of the RNIC, DVF and the BAN (as written in the Bondy samples) compared by house
 * number and folded street.
 */
import { describe, expect, it } from 'vitest';
import { addressKey, sameAddress } from './address-match.logic.js';

const same = (a: string, b: string) => {
  const ka = addressKey(a);
  const kb = addressKey(b);
  return ka !== null && kb !== null && sameAddress(ka, kb);
};

describe('addressKey', () => {
  it('reads numbers, ranges, suffixes and road types of the registers', () => {
    expect(addressKey('3 r de varsovie')).toEqual({ numbers: [3], street: 'rue varsovie' });
    expect(addressKey('58-60 r roger salengro')).toEqual({ numbers: [58, 60], street: 'rue roger salengro' });
    expect(addressKey('9T r jean jaures')).toEqual({ numbers: [9], street: 'rue jean jaures' });
    expect(addressKey('9 T RUE JEAN JAURES')).toEqual({ numbers: [9], street: 'rue jean jaures' });
    expect(addressKey("47 rte d'aulnay")).toEqual({ numbers: [47], street: 'route aulnay' });
    expect(addressKey('35 av du marechal de lattre de tassigny')?.street).toBe('avenue marechal lattre tassigny');
    expect(addressKey('69 / 4 Rue Pasteur')?.numbers).toEqual([69, 4]);
  });

  it('has no key without a number or a street', () => {
    expect(addressKey('all joachim du bellay,')).toBeNull();
    expect(addressKey('ctre commercial noue caillet')).toBeNull();
    expect(addressKey('43')).toBeNull();
    expect(addressKey(null)).toBeNull();
  });
});

describe('sameAddress', () => {
  it('matches one building written by the RNIC, DVF and the BAN', () => {
    expect(same('58-60 r roger salengro', '60 RUE ROGER SALENGRO')).toBe(true);
    expect(same('9T r jean jaures', '9 T RUE JEAN JAURES')).toBe(true);
    expect(same("47 rte d'aulnay", '47bis Route d’Aulnay')).toBe(true);
    expect(same('35 av du marechal de lattre de tassigny', '35 Av du Mal de Lattre de Tassigny')).toBe(true);
    expect(same('35 av du marechal de lattre de tassigny', '35 AV MAL DE LATTRE DE TASSIGNY')).toBe(true);
    expect(same('18 r jean jaures', '18 Rue Jean Jaurés')).toBe(true);
  });

  it('keeps the neighbours apart: another number, or the same number in another street', () => {
    expect(same('58-60 r roger salengro', '54 RUE ROGER SALENGRO')).toBe(false);
    expect(same('17 r louis auguste blanqui', '13 RUE LOUIS AUGUSTE BLANQUI')).toBe(false);
    expect(same("41 av de l'esperance", '239 RUE EDOUARD VAILLANT')).toBe(false);
    expect(same('11 av pasteur', '11 RUE PASTEUR')).toBe(false);
  });
});
