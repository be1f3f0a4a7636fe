/** The analysis as shown: the margin adds up with the rounded estimate; a rent gets its own « no estimate ». */
import { type ListingAnalysis, type ListingFields, writtenAddressPointNote } from '@immoloupe/shared/listings/store.logic';
import type { RentReference } from '@immoloupe/shared/rents/contracts';
import { propertyRent } from '@immoloupe/shared/rents/rents.logic';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { AnalysisView } from './analysis-view';
import { FEES_RATE_MISSING } from './negotiation-margin';

beforeAll(installMantineDomShims);
afterEach(cleanup);

const BASE: ListingAnalysis = {
  transaction: 'vente',
  commune: { insee: '93010', name: 'Bondy' },
  point: { lat: 48.9023, lon: 2.4828, source: 'annonce' },
  pricePerM2: 3693.55,
  period: { from: '2022-01-01', to: '2023-12-31' },
  market: [],
  position: null,
  estimate: null,
  comparables: [],
  gap: null,
  rent: null,
  candidates: [],
  rentalBan: { kind: 'unknown', date: null },
  notes: [],
};
/** Lyon 8e, flats of 3 rooms or more, as the Carte des loyers sample gives them. */
const LYON8_T3: RentReference = {
  insee: '69388',
  commune: 'Lyon 8e Arrondissement',
  dwelling: 'appartement-t3-plus',
  edition: null,
  rentM2: 14.6047565484512,
  lowM2: 11.4369100535598,
  highM2: 18.6500473327703,
  predictionLevel: 'commune',
  observationsCommune: 7627,
  observationsZone: 7627,
  r2Adjusted: 0.597828735448094,
};
const FLAT: ListingFields = { portal: 'autre', transaction: 'vente', propertyType: 'appartement', price: 229000, surface: 62 };

function show(a: ListingAnalysis, fields: ListingFields) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <AnalysisView a={a} fields={fields} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('AnalysisView', () => {
  it('computes the margin on the estimate shown (213 000 €), not on the euro-exact one', () => {
    // The API keeps the exact estimate (213 100 €) and its gap (15 900 €); the page shows 213 000 €.
    show(
      {
        ...BASE,
        estimate: { value: 213100, low: 200000, high: 226000, count: 8, pricePerM2: 3437 },
        gap: { amount: 15900, ratio: 15900 / 213100, negotiation: 15900 },
      },
      FLAT,
    );
    expect(screen.getAllByText((_, el) => el?.tagName === 'P' && el.textContent === '213\u202f000\u00a0€')).toHaveLength(1);
    expect(screen.getByTestId('ecart').textContent).toBe(
      'Prix demandé 229\u202f000\u00a0€ honoraires inclus\u00a0: 7,5\u00a0% au-dessus de l’estimation. Marge de négociation\u00a0: 16\u202f000\u00a0€.',
    );
  });

  it('says which figure to trust when the €/m² badge and the estimate disagree', () => {
    const house: ListingFields = { ...FLAT, propertyType: 'maison', price: 389000, surface: 110 };
    const estimate = { value: 345565, low: 343000, high: 465000, count: 8, pricePerM2: 3141.5 };
    show({ ...BASE, pricePerM2: 3536, position: 'dessous', estimate, gap: { amount: 43435, ratio: 0.126, negotiation: 43435 } }, house);
    expect(screen.getByText('Sous le marché')).toBeTruthy();
    expect(screen.getByTestId('ecart-explique').textContent).toMatch(/^La médiane au m² compte les ventes du même type de toutes surfaces/);
    cleanup();
    show({ ...BASE, pricePerM2: 3536, position: 'dessus', estimate, gap: { amount: 43435, ratio: 0.126, negotiation: 43435 } }, house);
    expect(screen.queryByTestId('ecart-explique')).toBeNull();
  });

  it('gives a rent no localisation reason for its missing estimate, placed as it is', () => {
    const note = 'Annonce de location : les ventes DVF ne donnent pas de loyer, il n’y a donc ni comparaison avec le marché ni estimation.';
    show({ ...BASE, period: null, notes: [note] }, { ...FLAT, transaction: 'location', price: 1345, surface: 70 });
    const reason = screen.getByTestId('sans-estimation').textContent ?? '';
    expect(reason).toBe('Pas d’estimation pour une location\u00a0: les ventes DVF ne donnent pas de loyer.');
    expect(reason).not.toMatch(/localisée/);
  });

  it('asks for the address only when a sale is not placed', () => {
    show({ ...BASE, point: null }, FLAT);
    expect(screen.getByTestId('sans-estimation').textContent).toMatch(/doit être localisée/);
    cleanup();
    show(BASE, FLAT);
    expect(screen.getByTestId('sans-estimation').textContent).toBe(
      'Pas d’estimation\u00a0: moins de 3 ventes comparables dans le secteur.',
    );
  });

  it('says the analysis is at the address written in the listing, and asks no address then', () => {
    const address = '139 Avenue Carnot 93140 Bondy';
    show(
      { ...BASE, point: { lat: 48.895901, lon: 2.479688, source: 'adresse', address }, notes: [writtenAddressPointNote(address)] },
      FLAT,
    );
    expect(screen.getByRole('region', { name: 'Analyse de l’annonce' }).textContent).toContain(
      'Analyse à l’adresse écrite dans l’annonce\u00a0: 139 Avenue Carnot 93140 Bondy (Base Adresse Nationale)',
    );
    expect(screen.getByTestId('sans-estimation').textContent).not.toMatch(/doit être localisée/);
  });

  it('compares a rental with the rent reference of its commune, and gives a sale its gross yield', () => {
    const rental: ListingFields = { ...FLAT, transaction: 'location', price: 1345, surface: 70, rooms: 4 };
    const subject = { type: 'appartement', rooms: 4, surface: 70 };
    show({ ...BASE, transaction: 'location', rent: propertyRent([LYON8_T3], subject, { askingRent: 1345 }) }, rental);
    expect(screen.getByTestId('loyer-reference-ecart').textContent).toBe(
      '32\u00a0% au-dessus du loyer de référence de la commune (Carte des loyers, édition non précisée, intervalle de 11,4 à 18,7\u00a0€/m²/mois)',
    );
    expect(screen.getByText('Loyer demandé hors de l’intervalle de prédiction de la Carte des loyers.')).toBeTruthy();
    expect(screen.queryByTestId('rendement-brut')).toBeNull();
    cleanup();
    show({ ...BASE, rent: propertyRent([LYON8_T3], subject, { value: 300_000 }) }, { ...FLAT, price: 300_000, surface: 70, rooms: 4 });
    // 70 m² × 14,60 € = 1 022 € a month; 12 × 1 022 / 300 000 = 4,1 %.
    expect(screen.getByTestId('loyer-estime').textContent).toBe('1\u202f022\u00a0€/mois (de 801\u00a0€/mois à 1\u202f306\u00a0€/mois)');
    expect(screen.getByTestId('rendement-brut').textContent).toBe('4,1\u00a0% (de 3,2\u00a0% à 5,2\u00a0%)');
    cleanup();
    // No reference imported: no card (the note at the top says how to import it).
    show({ ...BASE, rent: { reference: null, comparison: null, monthly: null, grossYield: null } }, FLAT);
    expect(screen.queryByText('Loyer et rendement')).toBeNull();
  });

  it('asks whether the price includes the fees, and takes them out of the margin once the rate is given', () => {
    show(
      {
        ...BASE,
        estimate: { value: 213100, low: 200000, high: 226000, count: 8, pricePerM2: 3437 },
        gap: { amount: 15900, ratio: 15900 / 213100, negotiation: 15900 },
      },
      FLAT,
    );
    expect(screen.getByTestId('honoraires-manquants').textContent).toBe(FEES_RATE_MISSING);
    fireEvent.change(screen.getByLabelText('Honoraires (% du net vendeur)'), { target: { value: '5' } });
    expect(screen.getByTestId('ecart').textContent).toMatch(/Marge de négociation\u00a0: 5\u202f095\u00a0€\.$/);
    expect(screen.queryByTestId('honoraires-manquants')).toBeNull();
    fireEvent.click(screen.getByText('Net vendeur'));
    expect(screen.getByTestId('ecart').textContent).toMatch(
      /^Prix demandé 229\u202f000\u00a0€ net vendeur\u00a0:.*Marge de négociation\u00a0: 16\u202f000\u00a0€\.$/,
    );
  });
});
