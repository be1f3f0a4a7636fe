import { describe, expect, it } from 'vitest';
import {
  isHiddenOwnerName,
  NATURAL_PERSON_NOTICE,
  naturalPersonName,
  naturalPersonRole,
  readsAsNaturalPerson,
} from './natural-person.logic.js';

describe('readsAsNaturalPerson', () => {
  it('takes a civility first for a person, whatever the legal form', () => {
    for (const [name, form] of [
      ['MR ADRIEN SEKALI', '9900'],
      ['MADAME GROSSET', '9900'],
      ['MLLE BEATRICE FRIDMAN', '9900'],
      ['MME GRIFFON', '9110'],
      ['MR PINSONNAT', '7113'],
      ['MONSIEUR ARISTIDE', '5710'],
      ['M. Dupont', null],
      ['Mme Élodie Durand', null],
    ] as const)
      expect(readsAsNaturalPerson(name, form), name).toBe(true);
  });

  it('keeps a firm whose name starts like a civility', () => {
    expect(readsAsNaturalPerson('M N B', '6540')).toBe(false);
    expect(readsAsNaturalPerson('MESSIEURS BOULARD ET COMPAGNIE', '5710')).toBe(false);
  });

  it('takes a bare name under 9900 or an indivision for a person, an organisation’s name for a company', () => {
    for (const name of ['SAMIA BOUDRANT', 'HEMERY CHRISTOPHE', 'J P  BERTAUX', 'SAVENKOFF'])
      expect(readsAsNaturalPerson(name, '9900'), name).toBe(true);
    expect(readsAsNaturalPerson('INDIVISION ZERROUK', '2110')).toBe(true);
    for (const name of [
      'CABINET PIERSON',
      'NEXITY PARIS REPUBLIQUE',
      'S A R L INTEREY',
      'S C I LA VICTOIRE',
      'SYNDICAT DES COPROPRIETAIRES DU 6 RUE HOUDON',
      'UCOOP 18',
      'PREFECTURE DE POLICE DE PARIS',
    ])
      expect(readsAsNaturalPerson(name, '9900'), name).toBe(false);
  });

  it('trusts the name of a company acting for itself', () => {
    for (const [name, form] of [
      ['ENEDIS', '5699'],
      ['SCI SEKALI-GUYNEMER', '6599'],
      ['ARISTIDE', '6540'],
      ['GERARD SAFAR SAS', '5710'],
    ] as const)
      expect(readsAsNaturalPerson(name, form), name).toBe(false);
    expect(readsAsNaturalPerson('', '9900')).toBe(false);
    expect(readsAsNaturalPerson(null, null)).toBe(false);
  });
});

describe('a natural person’s row', () => {
  it('says its role, then that the name is not shown', () => {
    expect(naturalPersonRole('S')).toBe('Syndic bénévole');
    expect(naturalPersonRole('G - Gérant, mandataire, gestionnaire')).toBe('Gérant');
    expect(naturalPersonRole('P')).toBe('Propriétaire');
    expect(naturalPersonRole(null)).toBe('Titulaire d’un droit');
    expect(naturalPersonName('S')).toBe('Syndic bénévole, personne physique — nom non affiché');
  });

  it('is a name a target does not keep, as is any name with a civility', () => {
    expect(isHiddenOwnerName(`Gérant, ${NATURAL_PERSON_NOTICE}`)).toBe(true);
    expect(isHiddenOwnerName('MR ADRIEN SEKALI')).toBe(true);
    expect(isHiddenOwnerName('SCI DU MOULIN')).toBe(false);
    expect(isHiddenOwnerName(null)).toBe(false);
  });
});
