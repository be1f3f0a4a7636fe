/**
 * The 3D map's side panel: the period said to the day as the market tools say it, the legend's
 * classes with round bounds, and on the combined map the sales outside the plausibility bounds
 * counted apart. The map itself (WebGL) is left out.
 */
import type { Map3dResponse } from '@immoloupe/shared/map3d/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse } from '~/test/mantine-dom';
import { Map3dExplorer } from './map3d-explorer';

vi.mock('~/features/map/map-view', () => ({ MapView: () => null }));

const section = (code: string, median: number | null) => ({
  type: 'Feature',
  id: code,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [2.47, 48.9],
        [2.48, 48.9],
        [2.48, 48.91],
        [2.47, 48.9],
      ],
    ],
  },
  properties: { code, section: code.slice(-4), sales: median === null ? 1 : 5, median },
});

const MEDIANS = [2379, 2647, 2818, 2969, 3101, 3229, 3289, 3364, 3530, 3636, 3722, 3817, 3947, 4313, 5789];

const answer = (combine: boolean): Map3dResponse => ({
  communes: [
    { code: '93010', name: 'Bondy', codesPostaux: ['93140'], sales: 478 },
    { code: '64260', name: 'Hendaye', codesPostaux: ['64700'], sales: 120 },
  ],
  commune: '93010',
  from: '2019-12-31',
  to: '2022-12-30',
  newest: '2022-12-30',
  defaultPeriod: true,
  sections: { type: 'FeatureCollection', features: [...MEDIANS.map((m, i) => section(`93010000A${i}`, m)), section('930100000Z', null)] },
  sales: combine
    ? [
        { lon: 2.47, lat: 48.9, price: 250_000, pricePerM2: 4_000, date: '2022-05-12', outlier: false },
        { lon: 2.48, lat: 48.9, price: 210_000, pricePerM2: 3_500, date: '2022-04-02', outlier: false },
        { lon: 2.48, lat: 48.9, price: 30_000, pricePerM2: 450, date: '2022-06-01', outlier: true },
      ]
    : [],
  dpe: [],
});

beforeAll(installMantineDomShims);
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => jsonResponse(answer(new URL(input, 'http://localhost').searchParams.get('combine') === '1'))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderExplorer(combined: boolean) {
  const router = createMemoryRouter([{ path: '/', element: <Map3dExplorer combined={combined} /> }]);
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('Map3dExplorer', () => {
  it('says the period to the day, ending at the newest sale held, and labels round classes', async () => {
    renderExplorer(false);
    const note = await screen.findByTestId('period-note');
    expect(note.textContent).toBe(
      'Période par défaut\u00a0: les 3 ans qui précèdent la vente la plus récente importée pour cette commune (30/12/2022), du 31/12/2019 au 30/12/2022. 15\u00a0sections sur 16 ont au moins 3 ventes.',
    );
    const legend = screen.getByTestId('map3d-legend');
    const labels = within(legend)
      .getAllByText(/€\/m²/)
      .map((e) => e.textContent);
    expect(labels).toEqual([
      'moins de 2\u202f800\u00a0€/m²',
      '2\u202f800 à 3\u202f000\u00a0€/m²',
      '3\u202f000 à 3\u202f200\u00a0€/m²',
      '3\u202f200 à 3\u202f400\u00a0€/m²',
      '3\u202f400 à 3\u202f600\u00a0€/m²',
      '3\u202f600 à 3\u202f800\u00a0€/m²',
      '3\u202f800\u00a0€/m² et plus',
    ]);
    expect(screen.queryByTestId('legend-outlier')).toBeNull();
  });

  it('counts the sales outside the plausibility bounds apart on the combined map, and shows them in the legend', async () => {
    renderExplorer(true);
    expect((await screen.findByTestId('outliers-note')).textContent).toBe(
      'Dont 1 hors bornes (en gris), écartée des prix médians des sections.',
    );
    // Every sale of the period is counted, outliers included (Testing Library reads the no-break space as a space).
    expect(screen.getByText(/^3\sventes, aucun DPE importé sur cette commune/)).toBeTruthy();
    expect(screen.getByTestId('legend-outlier').textContent).toBe('Vente hors bornes, écartée des prix médians');
  });

  it('names the communes of its field by their postcodes, not by their INSEE code', async () => {
    renderExplorer(false);
    const field = await screen.findByDisplayValue('Bondy (93140)');
    fireEvent.click(field);
    expect(await screen.findByRole('option', { name: 'Hendaye (64700)', hidden: true })).toBeTruthy();
    expect(screen.queryByText(/93010|64260/)).toBeNull();
  });
});
