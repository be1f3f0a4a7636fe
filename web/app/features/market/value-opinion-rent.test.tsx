/**
 * The value opinion's rent and earlier sales, on screen and printed: the gross yield follows the
 * value retained (the agent's adjustment), a commune without reference says who imports it, the
 * subject's own sales sit apart from the comparables with no button to add them.
 */
import type { EstimateResponse, SavedOpinion } from '@immoloupe/shared/market/estimate-contracts';
import type { RentReference } from '@immoloupe/shared/rents/contracts';
import { propertyRent } from '@immoloupe/shared/rents/rents.logic';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { PrintedEstimate } from './print-estimate';
import { PreviousSales, ValueOpinionRent } from './value-opinion-rent';

// The printed opinion's map needs WebGL; its picture is checked on the rendered PDF (server/src/features/reports).
vi.mock('~/features/map/map-view', () => ({ MapView: () => null }));

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

const SUBJECT = {
  label: '10 Avenue des Frères Lumière 69008 Lyon',
  lon: 4.8712,
  lat: 45.7398,
  insee: '69388',
  type: 'appartement',
  surface: 70,
  rooms: 3,
  landSurface: null,
  dpe: null,
  notes: '',
  placedByBan: true,
} as const;

const EARLIER = {
  id: 'M-2019',
  address: '10 Avenue des Frères Lumière',
  commune: 'Lyon 8e Arrondissement',
  date: '2019-05-10',
  type: 'appartement',
  price: 210_000,
  surface: 70,
  rooms: 3,
  pricePerM2: 3000,
  distanceM: 0,
  lon: 4.8712,
  lat: 45.7398,
  added: false,
} as const;

const RESULT: EstimateResponse = {
  subject: SUBJECT,
  asOf: '2024-05-15',
  steps: [{ radiusM: 500, months: 24, found: 5 }],
  used: { radiusM: 500, months: 24, from: '2022-05-16', to: '2024-05-15' },
  comparables: [{ ...EARLIER, id: 'M-2024', date: '2024-02-15', price: 294_000, pricePerM2: 4200, distanceM: 40 }],
  candidates: [],
  previousSales: [EARLIER],
  excluded: [],
  added: [],
  estimate: { value: 294_000, low: 287_000, high: 301_000, count: 5, pricePerM2: { median: 4200, p25: 4100, p75: 4300 } },
  rent: propertyRent([LYON8_T3], SUBJECT, { value: 294_000 }),
  margin: null,
  confidence: null,
};

const wrap = (node: React.ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

describe('value opinion rent and earlier sales', () => {
  it('gives the monthly rent and the gross yield at the value retained, adjustment included', () => {
    wrap(<ValueOpinionRent result={RESULT} value={294_000} />);
    expect(screen.getByTestId('loyer-estime').textContent).toBe('1\u202f022\u00a0€/mois (de 801\u00a0€/mois à 1\u202f306\u00a0€/mois)');
    // 12 × 1 022 / 294 000 = 4,17 %.
    expect(screen.getByTestId('rendement-brut').textContent).toBe('4,2\u00a0% (de 3,3\u00a0% à 5,3\u00a0%)');
    cleanup();
    // +10 %: 323 400 €, stated 323 000 €; 12 × 1 022 / 323 000 = 3,8 %.
    wrap(<ValueOpinionRent result={RESULT} value={323_400} />);
    expect(screen.getByTestId('rendement-brut').textContent).toBe('3,8\u00a0% (de 3,0\u00a0% à 4,9\u00a0%)');
    cleanup();
    // Fewer than 3 comparables: no value, so no yield, but the rent still.
    wrap(
      <ValueOpinionRent result={{ ...RESULT, estimate: null, rent: propertyRent([LYON8_T3], SUBJECT, { value: null }) }} value={null} />,
    );
    expect(screen.getByTestId('loyer-estime').textContent).toMatch(/^1\u202f022\u00a0€\/mois/);
    expect(screen.queryByTestId('rendement-brut')).toBeNull();
  });

  it('says who imports the Carte des loyers when the commune has none, and nothing for a premises', () => {
    wrap(
      <MemoryRouter>
        <ValueOpinionRent
          result={{ ...RESULT, rent: { reference: null, comparison: null, monthly: null, grossYield: null } }}
          value={294_000}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('sans-loyer-reference').textContent).toBe(
      'Aucun loyer de référence des appartements (Carte des loyers) importé pour cette commune\u00a0: pas de loyer estimé ni de rendement. ' +
        'L’équipe Immoloupe importe la Carte des loyers du département 69 à la demande\u00a0: demandez l’import.',
    );
    cleanup();
    wrap(<ValueOpinionRent result={{ ...RESULT, rent: null }} value={294_000} />);
    expect(screen.queryByText(/loyer/i)).toBeNull();
  });

  it('shows the subject’s earlier sales apart, with no button to add them', () => {
    wrap(<PreviousSales result={RESULT} />);
    const block = screen.getByRole('region', { name: 'Ventes précédentes de ce bien' });
    expect(within(block).getByText('10/05/2019')).toBeTruthy();
    expect(within(block).queryByRole('button')).toBeNull();
    cleanup();
    wrap(<PreviousSales result={{ ...RESULT, previousSales: [] }} />);
    expect(screen.queryByRole('region', { name: 'Ventes précédentes de ce bien' })).toBeNull();
  });

  it('prints the rent, the yield at the value retained and the earlier sales apart from the comparables', async () => {
    const opinion: SavedOpinion = {
      id: 'op1',
      createdAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
      adjustmentPct: 10,
      comment: '',
      finalValue: 323_400,
      hasPhoto: false,
      result: RESULT,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/agency') return json({ name: 'Agence Côte', contact: '', hasLogo: false });
        if (url === '/api/estimates/saved/op1') return json(opinion);
        return json({ message: 'inconnu' }, 404);
      }),
    );
    wrap(
      <MemoryRouter>
        <PrintedEstimate id="op1" />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('printed-rent')).textContent).toContain('1\u202f022\u00a0€/mois');
    expect(screen.getByTestId('printed-yield').textContent).toContain('3,8\u00a0% (de 3,0\u00a0% à 4,9\u00a0%)');
    const comparables = screen.getByRole('region', { name: 'Comparables' });
    const earlier = screen.getByRole('region', { name: 'Ventes précédentes de ce bien' });
    expect(within(comparables).queryByText('10/05/2019')).toBeNull();
    expect(within(earlier).getByText('10/05/2019')).toBeTruthy();
    expect(within(earlier).queryByText('15/02/2024')).toBeNull();
  });
});
