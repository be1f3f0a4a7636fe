import { describe, expect, it } from 'vitest';
import { displayAddress, displayDvfAddress, displaySyndicName, spellingKey, streetKey } from './address-display.js';

describe('displayAddress', () => {
  it('writes register addresses as the BAN does', () => {
    expect(displayAddress('58-60 r roger salengro 93140 Bondy')).toBe('58-60 Rue Roger Salengro 93140 Bondy');
    expect(displayAddress('134 RUE LOUIS AUGUSTE BLANQUI')).toBe('134 Rue Louis Auguste Blanqui');
    expect(displayAddress('40A rte de villemomble 93140 Bondy')).toBe('40A Route de Villemomble 93140 Bondy');
    expect(displayAddress("30 all de l'etoile 93140 Bondy")).toBe('30 Allée de l’Étoile 93140 Bondy');
    expect(displayAddress('5 vla thorel, 93140 Bondy')).toBe('5 Villa Thorel, 93140 Bondy');
    expect(displayAddress('chemin du pont, 93140 Bondy')).toBe('Chemin du Pont, 93140 Bondy');
    expect(displayAddress('33/41 AVENUE PASTEUR 93140 BONDY')).toBe('33/41 Avenue Pasteur 93140 Bondy');
    expect(displayAddress('12 RUE DE LA FONTAINE-SAINT-MARTIN')).toBe('12 Rue de la Fontaine-Saint-Martin');
  });

  it('writes DVF addresses, with their number suffixes and the DGFiP abbreviations', () => {
    expect(displayAddress('139 AV CARNOT')).toBe('139 Avenue Carnot');
    expect(displayAddress('6 VLA DU BRECHET')).toBe('6 Villa du Brechet');
    expect(displayAddress('12 B RUE DE LA REPUBLIQUE')).toBe('12 B Rue de la République');
    expect(displayAddress('4 BIS AV GALLIENI')).toBe('4 bis Avenue Gallieni');
    expect(displayAddress('CHE DES VIGNES')).toBe('Chemin des Vignes');
    expect(displayAddress('ZAC DES PORTES')).toBe('ZAC des Portes');
  });

  it('puts back the accents a street name has one way to take, spells out the DGFiP’s name abbreviations, keeps roman numerals', () => {
    expect(displayAddress('12 AV DU GENERAL DE GAULLE')).toBe('12 Avenue du Général de Gaulle');
    expect(displayAddress('3 RUE DU GAL LECLERC')).toBe('3 Rue du Général Leclerc');
    expect(displayAddress('8 BD DU MAL FOCH')).toBe('8 Boulevard du Maréchal Foch');
    expect(displayAddress('RUE ST DENIS')).toBe('Rue Saint Denis');
    expect(displayAddress('5 RES ASCOUBIA II')).toBe('5 Résidence Ascoubia II');
    expect(displayAddress('PL LOUIS XIV')).toBe('Place Louis XIV');
    expect(displayAddress('14 RUE EDOUARD VAILLANT')).toBe('14 Rue Édouard Vaillant');
    expect(displayAddress('2 RTE D AULNAY')).toBe('2 Route d’Aulnay');
    expect(displayAddress('7 RUE D ALEMBERT')).toBe('7 Rue d’Alembert');
    // A word of two spellings stays as written; a lone letter is a letter; a suffix D stays a suffix.
    expect(displayAddress('1 RUE DU MARCHE')).toBe('1 Rue du Marche');
    expect(displayAddress('2 RUE DE LA COTE')).toBe('2 Rue de la Cote');
    expect(displayAddress('9 ALL V HUGO')).toBe('9 Allée V Hugo');
    expect(displayAddress('12 D AV CARNOT')).toBe('12 D Avenue Carnot');
  });

  it('leaves what is already written in mixed case, and nothing', () => {
    expect(displayAddress('43 Rue Edouard Vaillant 93140 Bondy')).toBe('43 Rue Edouard Vaillant 93140 Bondy');
    expect(displayAddress('Residence "Saint-PIERRE" 93140 BONDY')).toBe('Residence "Saint-PIERRE" 93140 Bondy');
    expect(displayAddress(null)).toBeNull();
    // « r » is a road type only where a road type stands: after the number.
    expect(displayAddress('2 place r schuman')).toBe('2 Place R Schuman');
  });
});

describe('displayDvfAddress', () => {
  const ban = ['Allée de l’Orme', 'Route d’Aulnay', 'Avenue de la République', 'Rue Jean Jaurés', 'Rue de la Fraternite'];
  const spellings = new Map(ban.map((name) => [spellingKey('93010', name), name]));

  it('takes the street as the commune’s BAN writes it: accents, apostrophes, its own spelling', () => {
    expect(streetKey('ALL DE L ORME')).toBe(streetKey('Allée de l’Orme'));
    expect(displayDvfAddress('3 ALL DE L ORME', '93010', spellings)).toBe('3 Allée de l’Orme');
    expect(displayDvfAddress('12 B RTE D AULNAY', '93010', spellings)).toBe('12 B Route d’Aulnay');
    expect(displayDvfAddress('4 BIS AV DE LA REPUBLIQUE', '93010', spellings)).toBe('4 bis Avenue de la République');
    expect(displayDvfAddress('58-60 RUE JEAN JAURES', '93010', spellings)).toBe('58-60 Rue Jean Jaurés');
    expect(displayDvfAddress('RUE DE LA FRATERNITE', '93010', spellings)).toBe('Rue de la Fraternite');
  });

  it('keeps displayAddress for a street the BAN does not know, or in another commune', () => {
    expect(displayDvfAddress('6 VLA DU BRECHET', '93010', spellings)).toBe('6 Villa du Brechet');
    expect(displayDvfAddress('3 ALL DE L ORME', '93048', spellings)).toBe('3 Allée de l’Orme');
    expect(displayDvfAddress('', '93010', spellings)).toBe('');
    expect(displayDvfAddress(null, '93010', spellings)).toBeNull();
  });
});

describe('displaySyndicName', () => {
  it('writes an individual entrepreneur of SIRENE as a name, and leaves a company as registered', () => {
    expect(displaySyndicName('TULIER*FLORENCE/')).toBe('Florence Tulier (entreprise individuelle)');
    expect(displaySyndicName('DE LA FONTAINE*JEAN-PIERRE/')).toBe('Jean-Pierre de la Fontaine (entreprise individuelle)');
    expect(displaySyndicName('FONCIA PARIS')).toBe('FONCIA PARIS');
    expect(displaySyndicName(null)).toBeNull();
  });
});
