/**
 * « Ma zone »: the communes of the saved zone start as pills (named without asking), a commune is
 * added by its name and one removed by its pill, and saving sends the INSEE codes picked.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { MyZone } from './my-zone';

// MapLibre has no canvas in jsdom; the map plays no part here.
vi.mock('~/features/map/map-view', () => ({ MapView: () => null }));

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const territory = (communes: { insee: string; nom: string; codesPostaux: string[] }[]) => ({
  territory: { geometry: null, communes, updatedAt: '2026-01-05T10:00:00Z', lastVisitAt: null },
});
const CHANGES = {
  since: null,
  dvf: { newSales: 0, sinceDate: null, latestDate: null },
  dpe: { newPassoires: 0, sinceDate: null, latestDate: null },
  copro: { mandatesEnding: 0, asOf: null, until: null },
};

describe('MyZone', () => {
  it('starts from the saved communes and saves the INSEE codes picked', async () => {
    const saved: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === '/api/zone/mine' && init.method === 'PUT') {
          saved.push(JSON.parse(String(init.body)));
          return json(territory([{ insee: '64260', nom: 'Hendaye', codesPostaux: ['64700'] }]));
        }
        if (url === '/api/zone/mine') return json(territory([{ insee: '93010', nom: 'Bondy', codesPostaux: ['93140'] }]));
        if (url === '/api/zone/mine/changes') return json(CHANGES);
        if (url === '/api/zone/mine/seen') return new Response(null, { status: 204 });
        if (url === '/api/market/communes?q=Hendaye') return json([{ insee: '64260', nom: 'Hendaye', codesPostaux: ['64700'] }]);
        return new Response('{}', { status: 404 });
      }),
    );
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <MantineProvider>
            <MyZone />
          </MantineProvider>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);

    // The saved commune is a pill with its name, known from the zone: no need to ask for it.
    await screen.findByText('Bondy (93140)');
    // A zone of communes only has no drawing: said so, not « 0 sommet tracé ».
    expect(screen.getByText('Aucun tracé sur la carte.')).toBeTruthy();
    expect(screen.queryByText(/0 sommet/)).toBeNull();
    const input = screen.getByRole('combobox', { name: 'Communes de ma zone' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Hendaye' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Hendaye (64700)', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Retirer Bondy (93140)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer ma zone' }));

    await screen.findByText('Ma zone est enregistrée. Les outils de recherche l’utilisent par défaut.');
    expect(saved).toEqual([{ geometry: null, communes: ['64260'] }]);
    await waitFor(() => expect(screen.getByText('Hendaye (64700)')).toBeTruthy());
    expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u) === '/api/market/communes?q=93010')).toBe(false);
  });
});
