import { describe, expect, it } from 'vitest';
import { distanceLabel, labelled, salesCount, stepLabel } from './labels';

const NBSP = '\u00a0';

describe('market wording', () => {
  it('writes distances and widening steps in French', () => {
    expect(distanceLabel(500)).toBe(`500${NBSP}m`);
    expect(distanceLabel(1500)).toBe(`1,5${NBSP}km`);
    expect(stepLabel({ radiusM: 1000, months: 24 })).toBe(`1${NBSP}km, 24${NBSP}mois`);
    expect(stepLabel({ radiusM: null, months: 60 })).toBe(`la commune (et 2${NBSP}km autour), 60${NBSP}mois`);
  });

  it('counts sales and puts a no-break space before colons', () => {
    expect(salesCount(1)).toBe('1 vente');
    expect(salesCount(12)).toBe('12 ventes');
    expect(labelled('Estimation', '170 000 €')).toBe(`Estimation${NBSP}: 170 000 €`);
  });
});
