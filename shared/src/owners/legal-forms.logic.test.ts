import { describe, expect, it } from 'vitest';
import { groupNumber, legalFormLabel, ownerGroup, rightLabel } from './legal-forms.logic.js';

describe('legal forms of parcel owners', () => {
  it('labels a legal form code, falling back to its family, then to the abbreviation', () => {
    expect(legalFormLabel('6540', 'SCI')).toBe('Société civile immobilière');
    expect(legalFormLabel('5710', 'SAS')).toBe('Société par actions simplifiée');
    expect(legalFormLabel('5443', 'SARL')).toBe('Société à responsabilité limitée');
    expect(legalFormLabel('', 'AUPM')).toBe('AUPM');
    expect(legalFormLabel('0000', null)).toBeNull();
  });

  it('labels the right, from its letter or the published value', () => {
    expect(rightLabel('P - Propriétaire')).toBe('Propriétaire');
    expect(rightLabel('S - Syndic de copropriété')).toBe('Syndic de copropriété');
    expect(rightLabel('E - Emphytéote ')).toBe('Emphytéote');
    expect(rightLabel('G')).toBe('Gérant, mandataire, gestionnaire');
    expect(rightLabel('')).toBeNull();
  });

  it('groups owners by the DGFiP group, then by legal form', () => {
    expect(groupNumber('4 - Commune')).toBe(4);
    expect(groupNumber('0 - Personnes morales non remarquables ')).toBe(0);
    expect(groupNumber('')).toBeNull();
    expect(ownerGroup(1, '7113')).toBe('etat');
    expect(ownerGroup(4, '7229')).toBe('commune');
    expect(ownerGroup(5, '5546')).toBe('hlm');
    expect(ownerGroup(7, '9110')).toBe('coproprietaires');
    expect(ownerGroup(9, '4140')).toBe('etablissement_public');
    expect(ownerGroup(0, '6540')).toBe('sci');
    expect(ownerGroup(0, '6541')).toBe('sci');
    expect(ownerGroup(0, '5710')).toBe('societe');
    expect(ownerGroup(0, '9220')).toBe('association');
    expect(ownerGroup(0, '5546')).toBe('hlm');
    expect(ownerGroup(null, '7210')).toBe('commune');
    expect(ownerGroup(0, '9900')).toBe('autre');
    expect(ownerGroup(0, null)).toBe('autre');
  });
});
