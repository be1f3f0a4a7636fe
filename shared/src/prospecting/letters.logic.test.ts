import { describe, expect, it } from 'vitest';
import {
  agencyTown,
  DEFAULT_LETTER_BODY,
  DEFAULT_LETTER_SUBJECT,
  DEFAULT_SYNDIC_LETTER_SUBJECT,
  fillLetter,
  formatLetterDate,
  letterDateLine,
  letterSubject,
  letterValues,
  listFileName,
  recipientLinesOf,
  recipientOf,
  salutationOf,
  unknownMergeFields,
} from './letters.logic.js';

const values = {
  destinataire: 'Madame, Monsieur le Propriétaire',
  adresse: '12 Rue Ordener, 75018 Paris',
  libelle: 'DPE 2375E0000000A',
  copropriete: '',
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
    // « SDC » is the syndicate: « Syndic de la copropriété SDC … » said it twice.
    expect(recipientOf({ ...base, kind: 'copro', label: 'SDC LES PARISIENNES DE BONDY' })).toBe(
      'Syndic de la copropriété Les Parisiennes de Bondy',
    );
  });

  it('names the syndic the RNIC gives, above the co-ownership it manages', () => {
    const cote = { kind: 'copro' as const, label: 'SDC COTE JARDIN', address: '', ownerName: null };
    expect(recipientLinesOf({ ...cote, syndicName: 'ATM SARL' })).toEqual(['ATM SARL', 'Syndic de la copropriété Cote Jardin']);
    expect(salutationOf({ ...cote, syndicName: 'ATM SARL' })).toBe('À l’attention de ATM SARL, syndic de la copropriété Cote Jardin');
    expect(recipientLinesOf({ ...cote, syndicName: null })).toEqual(['Syndic de la copropriété Cote Jardin']);
    expect(recipientLinesOf({ ...cote, syndicName: 'TULIER*FLORENCE/' })[0]).toBe('Florence Tulier (entreprise individuelle)');
    expect(recipientLinesOf({ ...cote, label: 'Syndicat des copropriétaires de la Résidence Michelet' })).toEqual([
      'Syndic de la copropriété Résidence Michelet',
    ]);
  });

  it('dates a letter in words, from the agency’s town when its contact gives one', () => {
    expect(formatLetterDate(new Date('2026-11-27T10:00:00Z'))).toBe('27 novembre 2026');
    expect(formatLetterDate(new Date('2026-12-01T10:00:00Z'))).toBe('1er décembre 2026');
    // Paris time: 23:30 UTC on 30 November is already 1 December in Bondy.
    expect(formatLetterDate(new Date('2026-11-30T23:30:00Z'))).toBe('1er décembre 2026');
    expect(agencyTown('Agence du Canal\n12 rue Jules Guesde\n93140 BONDY\nTél. 01 48 47 00 00')).toBe('Bondy');
    expect(agencyTown('3 place de la Gare, 61100 Flers Cedex 2')).toBe('Flers');
    expect(agencyTown('Tél. 01 48 47 00 00')).toBeNull();
    expect(letterDateLine(new Date('2026-11-27T10:00:00Z'), 'Bondy')).toBe('Bondy, le 27 novembre 2026');
    expect(letterDateLine(new Date('2026-11-27T10:00:00Z'), null)).toBe('Le 27 novembre 2026');
  });

  it('names a list’s files after the list, safely', () => {
    expect(listFileName('prospection', 'Passoires Flers', 'csv')).toBe('prospection-passoires-flers.csv');
    expect(listFileName('lettres-prospection', 'Flers — passoires / « été »', 'pdf')).toBe('lettres-prospection-flers-passoires-ete.pdf');
    expect(listFileName('prospection', '«\u00a0»', 'csv')).toBe('prospection.csv');
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

  it('fills a letter’s « Objet » for its reader: the owner’s property, the syndic’s co-ownership', () => {
    const today = new Date('2026-11-27T10:00:00Z');
    const agency = { name: 'Agence du Canal', contact: '' };
    const postal = { complement: null, street: '17 Rue Louis Auguste Blanqui', postcode: '93140', town: 'Bondy' };
    const copro = { kind: 'copro' as const, label: 'SDC COTE JARDIN', address: '', ownerName: null, postal };
    const flat = { kind: 'dpe' as const, label: 'DPE F', address: '', ownerName: null, postal };
    expect(letterSubject(DEFAULT_SYNDIC_LETTER_SUBJECT, letterValues(copro, agency, today))).toBe('la copropriété Cote Jardin');
    expect(letterSubject(DEFAULT_LETTER_SUBJECT, letterValues(flat, agency, today))).toBe(
      'votre bien situé 17 Rue Louis Auguste Blanqui 93140 Bondy',
    );
    expect(letterValues(flat, agency, today).copropriete).toBe('');
    expect(unknownMergeFields(`${DEFAULT_LETTER_SUBJECT} ${DEFAULT_SYNDIC_LETTER_SUBJECT}`)).toEqual([]);
    // Left empty, a letter has no « Objet » line; a no-break space of the text stays.
    expect(letterSubject('  ', letterValues(flat, agency, today))).toBeNull();
    expect(letterSubject('Mandat\u00a0: {date}', letterValues(flat, agency, today))).toBe('Mandat\u00a0: 27 novembre 2026');
  });
});
