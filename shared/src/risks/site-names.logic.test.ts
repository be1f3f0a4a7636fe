/** Operators' names of the Bondy ICPE and BASIAS samples: the private persons' are told apart from the firms'. */
import { describe, expect, it } from 'vitest';
import { maskPersonNames, operatorIsNaturalPerson } from './site-names.logic.js';

const NOTICE = 'personne physique — nom non affiché';

describe('operatorIsNaturalPerson', () => {
  it('reads the persons of the ICPE export, not its firms', () => {
    for (const name of ['M. DIDI Maurice', 'BUZDUGANARIU Minodora', 'VILLIER (M.)', 'GROSSIN Jean Claude', 'MME DURAND']) {
      expect(operatorIsNaturalPerson(name), name).toBe(true);
    }
    for (const name of [
      'BIONAZ',
      'BONDY HABITAT (OPHLM)',
      'CHF (SARL)',
      'France Emballage International',
      'LORA GAZ SARL',
      'PRESSING DE LA GARE',
      'S.N.B. (URL)',
      'CEMEX BETON',
      'Sté CHIMIQUE et METALLURGIQUE de BONDY',
      'PINSARD et GREUET (SA)',
      'GARAGE FILO et frères',
    ]) {
      expect(operatorIsNaturalPerson(name), name).toBe(false);
    }
  });
});

describe('maskPersonNames', () => {
  it('replaces only the parts of a BASIAS list that are persons', () => {
    expect(maskPersonNames('TALBOT PEUGEOT , CHRYSLER FRANCE , THIVOT (M.)')).toBe(`TALBOT PEUGEOT, CHRYSLER FRANCE, ${NOTICE}`);
    expect(maskPersonNames('GARAGE DES 2 X - GROSSIN Jean Claude')).toBe(`GARAGE DES 2 X (${NOTICE})`);
    expect(maskPersonNames('UNIPAN , HUMBERT et ROSSIGNOL (MM.) , DEPERRAZ et HUMBERT (MM.)')).toBe(`UNIPAN, ${NOTICE}`);
    expect(maskPersonNames('GODIN')).toBe('GODIN');
    expect(maskPersonNames('  ')).toBeNull();
  });
});
