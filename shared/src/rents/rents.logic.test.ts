import { describe, expect, it } from 'vitest';
import type { RentReference } from './contracts.js';
import {
  compareAskingRent,
  formatRentM2,
  formatYield,
  grossYield,
  monthlyRent,
  noRentReferenceNote,
  pickRentReference,
  propertyRent,
  rentComparisonLine,
  rentReferenceLine,
} from './rents.logic.js';

const ref = (
  dwelling: RentReference['dwelling'],
  rentM2: number,
  lowM2: number | null = null,
  highM2: number | null = null,
): RentReference => ({
  insee: '69388',
  commune: 'Lyon 8e Arrondissement',
  dwelling,
  edition: null,
  rentM2,
  lowM2,
  highM2,
  predictionLevel: 'commune',
  observationsCommune: 100,
  observationsZone: 100,
  r2Adjusted: 0.8,
});
const refs = [ref('appartement', 16, 12.6, 20.2), ref('appartement-t1-t2', 18.5), ref('appartement-t3-plus', 14.6), ref('maison', 15.9)];

describe('rent references', () => {
  it('picks the dwelling type closest to the subject', () => {
    expect(pickRentReference(refs, { type: 'appartement', rooms: 2 })?.dwelling).toBe('appartement-t1-t2');
    expect(pickRentReference(refs, { type: 'appartement', rooms: 4 })?.dwelling).toBe('appartement-t3-plus');
    expect(pickRentReference(refs, { type: 'appartement', rooms: null })?.dwelling).toBe('appartement');
    expect(pickRentReference(refs.slice(0, 1), { type: 'appartement', rooms: 1 })?.dwelling).toBe('appartement');
    expect(pickRentReference(refs, { type: 'maison' })?.dwelling).toBe('maison');
    expect(pickRentReference(refs, { type: 'local' })).toBeNull();
  });

  it('gives the monthly rent and the gross yield with their intervals', () => {
    const rent = monthlyRent(refs[0] as RentReference, 50);
    expect(rent).toEqual({ rent: 800, low: 630, high: 1010 });
    const y = grossYield(rent, 200_000);
    expect(y).toEqual({ gross: 0.048, low: 0.0378, high: 0.0606 });
    expect(formatYield(y as NonNullable<typeof y>)).toBe('4,8\u00a0% (de 3,8\u00a0% à 6,1\u00a0%)');
    expect(grossYield(rent, 0)).toBeNull();
    expect(formatRentM2(refs[0] as RentReference)).toBe('16,0\u00a0€/m²/mois (de 12,6 à 20,2\u00a0€/m²/mois)');
  });

  it('compares an asking rent with the reference, in French', () => {
    const above = compareAskingRent(896, 50, refs[0] as RentReference);
    expect(above).toEqual({
      askingM2: 17.92,
      gap: 0.12,
      withinInterval: true,
      sentence: '12\u00a0% au-dessus du loyer de référence de la commune',
    });
    expect(compareAskingRent(600, 50, refs[0] as RentReference)?.sentence).toBe('25\u00a0% au-dessous du loyer de référence de la commune');
    expect(compareAskingRent(600, 50, refs[0] as RentReference)?.withinInterval).toBe(false);
    expect(compareAskingRent(801, 50, refs[0] as RentReference)?.sentence).toBe('au niveau du loyer de référence de la commune');
    expect(compareAskingRent(0, 50, refs[0] as RentReference)).toBeNull();
  });

  it('says a comparison with its source and interval, and what a property gets from the references', () => {
    const flats = refs[0] as RentReference;
    const above = compareAskingRent(896, 50, flats) as NonNullable<ReturnType<typeof compareAskingRent>>;
    expect(rentComparisonLine(above, { ...flats, edition: '2024' })).toBe(
      '12\u00a0% au-dessus du loyer de référence de la commune (Carte des loyers 2024, intervalle de 12,6 à 20,2\u00a0€/m²/mois)',
    );
    expect(rentReferenceLine(flats)).toBe(
      'Appartements à Lyon 8e Arrondissement\u00a0: 16,0\u00a0€/m²/mois, intervalle de 12,6 à 20,2\u00a0€/m²/mois (Carte des loyers, édition non précisée)',
    );
    expect(propertyRent(refs.slice(0, 1), { type: 'appartement', rooms: 2, surface: 50 }, { askingRent: 896 })).toEqual({
      reference: flats,
      comparison: above,
      monthly: null,
      grossYield: null,
    });
    expect(propertyRent(refs.slice(0, 1), { type: 'appartement', surface: 50 }, { value: 200_000 })).toEqual({
      reference: flats,
      comparison: null,
      monthly: { rent: 800, low: 630, high: 1010 },
      grossYield: { gross: 0.048, low: 0.0378, high: 0.0606 },
    });
    // No surface: the reference alone; a premises: none.
    expect(propertyRent(refs, { type: 'maison', surface: null }, { value: 200_000 })).toMatchObject({ monthly: null, grossYield: null });
    expect(propertyRent(refs, { type: 'local', surface: 50 }, { value: 200_000 }).reference).toBeNull();
    expect(noRentReferenceNote('Bondy', 'maison', 'Importez-la.')).toBe(
      'Aucun loyer de référence des maisons (Carte des loyers) importé pour Bondy\u00a0: pas de comparaison de loyer ni de rendement. Importez-la.',
    );
  });
});
