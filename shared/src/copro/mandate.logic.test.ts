import { describe, expect, it } from 'vitest';
import { addMonthsIso } from '../calendar-date.js';
import { endsWithinNote, mandateCsvCell, mandateSentence, mandateWord } from './mandate.logic.js';

const TODAY = '2026-11-27';
const AS_OF = '2026-01-03';
const inForce = (finMandat: string | null) => ({ mandatEnCours: 'Mandat en cours', finMandat });

describe('syndic mandate today', () => {
  it('calls a mandate whose end has passed « échu », never « en cours »', () => {
    expect(mandateSentence(inForce('2026-02-28'), AS_OF, TODAY)).toBe(
      'Mandat échu le 28/02/2026 (renouvellement non connu au RNIC du 03/01/2026)',
    );
    expect(mandateWord(inForce('2026-02-28'), TODAY)).toBe('Mandat échu');
    expect(mandateCsvCell(inForce('2026-02-28'), AS_OF, TODAY)).toBe('Mandat échu (renouvellement non connu au RNIC du 03/01/2026)');
  });

  it('keeps « en cours » up to and including its last day', () => {
    expect(mandateSentence(inForce('2026-11-27'), AS_OF, TODAY)).toBe('Mandat en cours jusqu’au 27/11/2026');
    expect(mandateCsvCell(inForce('2027-03-25'), AS_OF, TODAY)).toBe('Mandat en cours');
  });

  it('repeats the RNIC’s words when no mandate was in force', () => {
    expect(mandateSentence({ mandatEnCours: 'Pas de mandat en cours', finMandat: '2023-09-30' }, AS_OF, TODAY)).toBe(
      'Pas de mandat en cours, fin du dernier mandat le 30/09/2023',
    );
    expect(mandateCsvCell({ mandatEnCours: null, finMandat: null }, AS_OF, TODAY)).toBeNull();
  });

  it('says what « finit dans N mois » shows when it is counted from an older RNIC', () => {
    expect(addMonthsIso('2026-01-03', 6)).toBe('2026-07-03');
    expect(addMonthsIso('2025-08-31', 6)).toBe('2026-02-28');
    expect(endsWithinNote(AS_OF, 6, TODAY)).toBe(
      'fins de mandat du 03/01/2026 au 02/07/2026\u00a0; toutes sont passées au 27/11/2026 (mandats échus, renouvellement non connu au RNIC du 03/01/2026)',
    );
    expect(endsWithinNote(AS_OF, 12, TODAY)).toContain('celles d’avant le 27/11/2026 sont passées');
    expect(endsWithinNote(AS_OF, 6, '2026-01-03')).toBe('fins de mandat du 03/01/2026 au 02/07/2026');
  });
});
