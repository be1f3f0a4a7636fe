import { describe, expect, it } from 'vitest';
import { isWrittenAddress, writtenAddress } from './written-address.logic.js';

describe('writtenAddress', () => {
  it('reads the street of a SeLoger title and of its description, the town after it left out', () => {
    expect(writtenAddress(['12 rue Jules Valensaut - Lyon - 69008 - T4 Meublé - 1345 €CC'], 'Lyon')).toEqual({
      number: '12',
      street: 'Rue Jules Valensaut',
      label: '12 Rue Jules Valensaut',
    });
    expect(writtenAddress(['Appartement Meublé de 70 m2 situé au 12 rue Jules Valensaut Lyon 69008'], 'Lyon')?.label).toBe(
      '12 Rue Jules Valensaut',
    );
  });

  it('takes the title before the description, and the first address of a text', () => {
    expect(writtenAddress(['T3 au 5 place Bellecour', 'Proche du 40 rue Mercière'])?.label).toBe('5 Place Bellecour');
    expect(writtenAddress([null, 'Proche du 40 rue Mercière, puis 2 quai Saint-Antoine'])?.label).toBe('40 Rue Mercière');
  });

  it('keeps the particles of a name, a bis, an abbreviated way and an address in capitals', () => {
    expect(writtenAddress(['situé 3 bis, avenue de la République 75011 Paris'])?.label).toBe('3 bis Avenue de la République');
    expect(writtenAddress(['au 8 bd Pierre et Marie Curie'])?.label).toBe('8 Boulevard Pierre et Marie Curie');
    expect(writtenAddress(['148 AV. JEAN JAURES'])?.label).toBe('148 Avenue Jean Jaures');
    expect(writtenAddress(["7 allée de l'Orme dans une résidence calme"])?.label).toBe("7 Allée de l'Orme");
    expect(writtenAddress(['au 2 rue du 4 Septembre'])?.label).toBe('2 Rue du 4 Septembre');
  });

  it('reads no address where a number only counts things', () => {
    expect(writtenAddress(['Appartement T4 de 70 m², 3 pièces, 2 chambres, 1 place de parking'])).toBeNull();
    expect(writtenAddress(['à 5 minutes de la rue principale, 69008 Lyon'])).toBeNull();
    expect(writtenAddress(['Résidence 2024, 12 rue'])).toBeNull();
    expect(writtenAddress(['0 rue Sans Numéro'])).toBeNull();
    expect(writtenAddress([])).toBeNull();
  });

  it('reads 200 000 characters of noise in linear time', () => {
    const noise = ['1 '.repeat(100_000), '12 rue '.repeat(30_000), `1 rue ${'Aa '.repeat(70_000)}`, '9'.repeat(200_000)];
    const started = performance.now();
    for (const text of noise) writtenAddress([text, text]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('isWrittenAddress', () => {
  const written = { number: '12', street: 'Rue Jules Valensaut', label: '12 Rue Jules Valensaut' };
  it('matches the DPE’s or the BAN’s spelling of the same number and street only', () => {
    expect(isWrittenAddress('12 Rue Jules Valensaut 69008 Lyon', written)).toBe(true);
    expect(isWrittenAddress('12 rue jules VALENSAUT', written)).toBe(true);
    expect(isWrittenAddress('120 Rue Jules Valensaut 69008 Lyon', written)).toBe(false);
    expect(isWrittenAddress('12 Rue Jules Valensautière 69008 Lyon', written)).toBe(false);
    expect(isWrittenAddress('Rue Jules Valensaut 69008 Lyon', written)).toBe(false);
  });
});
