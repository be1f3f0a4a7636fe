// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { distanceLabel, labelled, parcelCommuneText, salesCount, sectionLabeller, stepLabel } from './labels';

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

  it('names a section’s commune by its postcodes, never by its INSEE code, and only when the zone has several', () => {
    const bondy = { insee: '93010', nom: 'Bondy', codesPostaux: ['93140'] };
    const montreuil = { insee: '93048', nom: 'Montreuil', codesPostaux: ['93100'] };
    const as = { code: '93010000AS', section: 'AS' };
    expect(sectionLabeller([bondy])(as)).toBe('Section AS');
    expect(sectionLabeller([bondy, montreuil])(as)).toBe('Section AS — Bondy (93140)');
    expect(sectionLabeller([bondy, montreuil])({ code: '93048000AB', section: 'AB' })).toBe('Section AB — Montreuil (93100)');
    expect(sectionLabeller([bondy, montreuil])(as)).not.toContain('93010');
  });

  it('names the commune of the parcel found by its postcodes, never by its INSEE code', () => {
    const parcel = { insee: '75116', commune: 'Paris 16e Arrondissement' };
    const paris16 = { insee: '75116', nom: 'Paris 16e Arrondissement', codesPostaux: ['75016', '75116'] };
    expect(parcelCommuneText(parcel, paris16)).toBe('Paris 16e Arrondissement (75016, 75116)');
    expect(parcelCommuneText(parcel, null)).toBe('Paris 16e Arrondissement');
  });
});
