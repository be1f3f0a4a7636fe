/**
 * The DPE and co-ownership searches of a subscriber without « ma zone »: opened without a place,
 * they do not ask the server for a search it would refuse, and say instead, calmly, how to define
 * the zone or pick a place. With a zone, they search it; a real failure is still shown as an error.
 * Nothing found in a commune: they say how to ask for the import of its département’s data.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CoproSearch } from '~/features/copro/copro-search';
import { DpeSearch } from '~/features/dpe/dpe-search';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';

// MapLibre has no canvas in jsdom; the map plays no part here.
vi.mock('~/features/zone/cluster-map', () => ({ ClusterMap: () => null }));

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const EMPTY = { items: [], total: 0, page: 1, pageSize: 50, mine: true, asOf: null };
const ZONE = {
  geometry: null,
  communes: [{ insee: '93010', nom: 'Bondy', codesPostaux: ['93140'] }],
  updatedAt: '2026-01-05T10:00:00Z',
  lastVisitAt: null,
};

/** The server: « ma zone » as given, the searches answering `search` (status, body); the URLs asked. */
function serve(territory: unknown, search: [number, unknown] = [200, EMPTY]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url === '/api/zone/mine') return json({ territory });
      if (/^\/api\/(dpe|copros)\?/.test(url)) return json(search[1], search[0]);
      return new Response('{}', { status: 404 });
    }),
  );
  return asked;
}

function open(page: ReactNode, url: string) {
  const router = createMemoryRouter([{ path: '*', element: <MantineProvider>{page}</MantineProvider> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
}

const searches = (asked: string[]) => asked.filter((u) => /^\/api\/(dpe|copros)\?/.test(u));

describe.each([
  ['DPE', <DpeSearch key="dpe" />, '/pro/recherchedpe', '/api/dpe?'],
  ['copropriétés', <CoproSearch key="copro" />, '/pro/recherchecopro', '/api/copros?'],
])('the %s search', (_name, page, path, api) => {
  it('without « ma zone », asks nothing and says how to define it, not as an error', async () => {
    const asked = serve(null, [400, { message: 'Vous n’avez pas encore défini « ma zone ».' }]);
    open(page, path);
    await screen.findByText('Vous n’avez pas encore défini votre zone.');
    expect(screen.getByRole('link', { name: 'Définir ma zone' }).getAttribute('href')).toBe('/pro/mazone');
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toContain('/api/zone/mine');
    expect(searches(asked)).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Recherche impossible')).toBeNull();
  });

  it('with « ma zone », searches it', async () => {
    const asked = serve(ZONE);
    open(page, path);
    await waitFor(() => expect(searches(asked)).toEqual([`${api}zone=mine`]));
    expect(screen.queryByText('Vous n’avez pas encore défini votre zone.')).toBeNull();
  });

  it('with a place named, searches it without « ma zone » and shows a real failure as an error', async () => {
    const asked = serve(null, [500, { message: 'La base de données ne répond pas.' }]);
    open(page, `${path}?insee=93010`);
    await screen.findByText('Recherche impossible');
    expect(searches(asked)).toEqual([`${api}insee=93010`]);
    expect(screen.getByText('La base de données ne répond pas.')).toBeTruthy();
    expect(screen.queryByText('Vous n’avez pas encore défini votre zone.')).toBeNull();
  });

  it('with nothing found in a commune, says how to ask for the import of its département’s data', async () => {
    serve(null, [200, { ...EMPTY, mine: false, byClass: {} }]);
    open(page, `${path}?insee=93010`);
    const link = await screen.findByRole('link', { name: 'demandez l’import' });
    expect(new URL(link.getAttribute('href') ?? '', 'http://x').searchParams.get('objet')).toMatch(/^Import des .+ du département 93$/);
    expect(screen.queryByText(/Administration/)).toBeNull();
  });
});
