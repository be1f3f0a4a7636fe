/** The analysis as shown: the margin adds up with the rounded estimate; a rent gets its own « no estimate ». */
import type { ListingAnalysis, ListingFields } from '@immoloupe/shared/listings/store.logic';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { AnalysisView } from './analysis-view';

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
  candidates: [],
  rentalBan: { kind: 'unknown', date: null },
  notes: [],
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
      'Prix demandé 229\u202f000\u00a0€\u00a0: 7,5\u00a0% au-dessus de l’estimation. Marge de négociation\u00a0: 16\u202f000\u00a0€.',
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
});
