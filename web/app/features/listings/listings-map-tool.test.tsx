/**
 * The map of « Mes annonces »: the points and the saved listings are read together; a listing set
 * aside (« Écartée ») is not shown by default, one without a position is counted, and a failed read says so.
 */
import type { SavedListing } from '@immoloupe/shared/listings/store.logic';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api';
import { installMantineDomShims } from '~/test/mantine-dom';
import { listingMapPoints, savedListings } from './api';
import { ListingsMapTool } from './listings-map-tool';

vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  listingMapPoints: vi.fn(),
  savedListings: vi.fn(),
}));
// The map itself (MapLibre) is not what is tested: its points are listed by their label.
vi.mock('./point-map', () => ({
  PointMap: ({ points }: { points: { id: string; label: string }[] }) => (
    <ul aria-label="Points">
      {points.map((p) => (
        <li key={p.id}>{p.label}</li>
      ))}
    </ul>
  ),
}));

const BASE: SavedListing = {
  id: 'a',
  status: 'a_visiter',
  notes: '',
  transaction: 'vente',
  propertyType: 'appartement',
  title: 'Appartement Carnot',
  price: 209000,
  surface: 62,
  postcode: '93140',
  city: 'Bondy',
  streetAddress: '139 Avenue Carnot',
  lat: 48.9023,
  lon: 2.4828,
  placedByBan: true,
  photoUrl: null,
  firstSeenAt: '2026-11-24T10:00:00Z',
  lastSeenAt: '2026-11-26T10:00:00Z',
  sources: [{ portal: 'autre', portalId: null, url: null }],
  prices: [{ price: 209000, portal: 'autre', seenAt: '2026-11-26T10:00:00Z' }],
  priceDrop: false,
};
const listings: SavedListing[] = [
  BASE,
  { ...BASE, id: 'b', title: 'Maison écartée', status: 'ecarte' },
  { ...BASE, id: 'c', title: 'Sans position', lat: null, lon: null },
];
const point = (id: string) => ({ id, lat: 48.9, lon: 2.48, pricePerM2: 3371, median: 3500, position: 'aligne' as const });

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const show = () =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <ListingsMapTool />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('ListingsMapTool', () => {
  it('shows the saved listings placed, not the ones set aside, and counts those without a position', async () => {
    vi.mocked(listingMapPoints).mockResolvedValue({ points: [point('a'), point('b')] });
    vi.mocked(savedListings).mockResolvedValue({ listings, total: 3, page: 1, pageSize: 50 });
    show();
    const rows = await screen.findAllByTestId('annonce-carte');
    expect(rows.map((r) => r.firstElementChild?.textContent)).toEqual(['Appartement Carnot']);
    expect(screen.getByRole('list', { name: 'Points' }).textContent).toBe('Appartement Carnot');
    expect(screen.getByText(/de Mes annonces sans position/).textContent).toBe(
      '1\u00a0annonce de Mes annonces sans position (ni adresse ni point lus sur la page)\u00a0: elle ne figure pas sur la carte.',
    );
    // Every saved listing is asked for (no page): the map is not paged.
    expect(savedListings).toHaveBeenCalledWith(undefined, expect.any(AbortSignal));
  });

  it('says why when one of the two reads fails', async () => {
    vi.mocked(listingMapPoints).mockResolvedValue({ points: [point('a')] });
    vi.mocked(savedListings).mockRejectedValue(new ApiError(403, 'Réservé aux abonnés.'));
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Réservé aux abonnés.');
    expect(screen.queryByTestId('annonce-carte')).toBeNull();
  });
});
