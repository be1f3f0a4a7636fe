import { describe, expect, it } from 'vitest';
import { DEFAULT_LETTER_BODY, fillLetter, recipientOf, salutationOf, unknownMergeFields } from './letters.logic.js';

const values = {
  destinataire: 'Madame, Monsieur le Propriétaire',
  adresse: '12 Rue Ordener, 75018 Paris',
  libelle: 'DPE 2375E0000000A',
  agence: 'Agence du Nord',
  contact_agence: '01 02 03 04 05',
  date: '21/11/2026',
};

describe('letters', () => {
  it('addresses a private owner without naming them, a syndic by the co-ownership, a legal entity by its name', () => {
    const base = { label: 'Résidence Les Lilas', address: '1 Rue A', ownerName: null };
    expect(salutationOf({ ...base, kind: 'dpe' })).toBe('Madame, Monsieur le Propriétaire');
    expect(salutationOf({ ...base, kind: 'address' })).toBe('Madame, Monsieur le Propriétaire');
    expect(salutationOf({ ...base, kind: 'copro' })).toBe('Au syndic de la copropriété Résidence Les Lilas');
    expect(salutationOf({ ...base, kind: 'parcel', ownerName: 'SCI DU MOULIN' })).toBe('À l’attention de SCI DU MOULIN');
    expect(recipientOf({ ...base, kind: 'parcel', ownerName: ' SCI DU MOULIN ' })).toBe('SCI DU MOULIN');
    expect(recipientOf({ ...base, kind: 'copro' })).toBe('Syndic de la copropriété Résidence Les Lilas');
    // The register's capitals, as a letter writes them.
    expect(salutationOf({ ...base, kind: 'copro', label: '134 RUE LOUIS AUGUSTE BLANQUI' })).toBe(
      'Au syndic de la copropriété 134 Rue Louis Auguste Blanqui',
    );
    expect(recipientOf({ ...base, kind: 'copro', label: 'SDC LES PARISIENNES DE BONDY' })).toBe(
      'Syndic de la copropriété SDC les Parisiennes de Bondy',
    );
  });

  it('fills the merge fields and finds the unknown ones', () => {
    const text = fillLetter(DEFAULT_LETTER_BODY, values);
    expect(text).toContain('Madame, Monsieur le Propriétaire,');
    expect(text).toContain('situé 12 Rue Ordener, 75018 Paris a retenu');
    expect(text).not.toMatch(/\{[a-z_]+\}/);
    expect(unknownMergeFields(DEFAULT_LETTER_BODY)).toEqual([]);
    expect(unknownMergeFields('Bonjour {nom} {adresse} {prenom} {nom}')).toEqual(['nom', 'prenom']);
    expect(fillLetter('{nom} {agence}', values)).toBe('{nom} Agence du Nord');
  });
});
