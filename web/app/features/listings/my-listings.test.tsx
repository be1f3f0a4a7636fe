/**
 * « Mes annonces »: a card says where the listing is (the street it was placed at) and links to its
 * page; saving the notes says so; « Exporter en CSV » downloads the whole list, and is not offered
 * for an empty one.
 */
import type { SavedListing } from '@immoloupe/shared/listings/store.logic';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { savedListings, updateListing } from './api';
import { MyListings } from './my-listings';

vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  savedListings: vi.fn(),
  updateListing: vi.fn(),
}));

const CARNOT: SavedListing = {
  id: '0b6f8a43-5d3e-4a37-9a43-1f0e2b7c9d01',
  status: 'a_visiter',
  notes: '',
  transaction: 'vente',
  propertyType: 'appartement',
  title: 'Appartement 3 pièces 62 m²',
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
const LYON: SavedListing = {
  ...CARNOT,
  id: '0b6f8a43-5d3e-4a37-9a43-1f0e2b7c9d02',
  transaction: 'location',
  price: 1345,
  postcode: '69008',
  city: 'Lyon 8ème',
  district: 'La Plaine',
  streetAddress: null,
  lat: null,
  lon: null,
  sources: [
    { portal: 'seloger', portalId: '249918711', url: 'https://www.seloger.com/annonces/locations/appartement/lyon-8eme-69/249918711.htm' },
  ],
};

let stored: SavedListing[] = [];

beforeAll(installMantineDomShims);
beforeEach(() => {
  stored = [structuredClone(CARNOT), structuredClone(LYON)];
  vi.mocked(savedListings).mockImplementation(async () => ({
    listings: structuredClone(stored),
    total: stored.length,
    page: 1,
    pageSize: 50,
  }));
  vi.mocked(updateListing).mockImplementation(async (id, u) => {
    stored = stored.map((l) => (l.id === id ? { ...l, ...u } : l)) as SavedListing[];
    return null;
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function show() {
  render(
    <MantineProvider>
      <MemoryRouter>
        <MyListings />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('MyListings', () => {
  it('says where each listing is, and links to the portal’s page in a new tab when it has one', async () => {
    show();
    const [carnot, lyon] = await screen.findAllByTestId('mon-annonce');
    if (!carnot || !lyon) throw new Error('two cards expected');
    // Placed by its address in the analysis: the street picked shows with the postcode and town.
    expect(within(carnot).getByTestId('lieu-annonce').textContent).toBe('139 Avenue Carnot, 93140 Bondy · voir sa position');
    // The analysis opens at that address, a point of the BAN that its map credits.
    expect(within(carnot).getByRole('link', { name: 'voir sa position' }).getAttribute('href')).toBe(
      `/pro/analyseadresse?adresse=${encodeURIComponent('139 Avenue Carnot, 93140 Bondy').replaceAll('%20', '+')}&lat=48.9023&lon=2.4828&position=ban`,
    );
    expect(within(carnot).queryByRole('link', { name: 'Voir l’annonce' })).toBeNull();
    // The portal’s « Lyon 8ème » is written as French typography does.
    expect(within(lyon).getByTestId('lieu-annonce').textContent).toBe('La Plaine, 69008 Lyon 8e');
    const page = within(lyon).getByRole('link', { name: 'Voir l’annonce' });
    expect(page.getAttribute('href')).toBe(LYON.sources[0]?.url);
    expect(page.getAttribute('target')).toBe('_blank');
    expect(page.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('opens a position read on the portal’s page as a plain point, with no address and no credit to the BAN', async () => {
    stored = [{ ...structuredClone(LYON), lat: 45.7267, lon: 4.8763, placedByBan: false }];
    show();
    const [lyon] = await screen.findAllByTestId('mon-annonce');
    if (!lyon) throw new Error('a card expected');
    expect(within(lyon).getByRole('link', { name: 'voir sa position' }).getAttribute('href')).toBe(
      '/pro/analyseadresse?lat=45.7267&lon=4.8763',
    );
  });

  it('links « Exporter en CSV » to the CSV of every saved listing (the page has no filter), as a download', async () => {
    show();
    await screen.findAllByTestId('mon-annonce');
    const csv = screen.getByRole('link', { name: 'Exporter en CSV' });
    expect(csv.getAttribute('href')).toBe('/api/listings/saved.csv');
    expect(csv.hasAttribute('download')).toBe(true);
  });

  it('offers no CSV export while no listing is saved', async () => {
    stored = [];
    show();
    await screen.findByText(/Aucune annonce suivie/);
    expect(screen.queryByRole('link', { name: 'Exporter en CSV' })).toBeNull();
    // Both ways to save a listing are named: the analysis page and the extension on the portal.
    expect(screen.getByRole('link', { name: 'Analyse d’annonce' }).getAttribute('href')).toBe('/pro/analyseannonce');
    expect(screen.getByRole('link', { name: 'extension Immoloupe' }).getAttribute('href')).toBe('/pro/extension');
    expect(screen.getByText(/Aucune annonce suivie/).textContent).toContain('depuis le portail avec l’extension Immoloupe.');
  });

  it('confirms the notes saved, and forgets the confirmation once they are edited again', async () => {
    show();
    const [carnot] = await screen.findAllByTestId('mon-annonce');
    if (!carnot) throw new Error('a card expected');
    const notes = within(carnot).getByLabelText('Notes');
    fireEvent.change(notes, { target: { value: 'Visite samedi 10 h' } });
    fireEvent.click(within(carnot).getByRole('button', { name: 'Enregistrer les notes' }));
    const status = await within(carnot).findByRole('status');
    expect(status.textContent).toBe('Notes enregistrées.');
    expect(updateListing).toHaveBeenCalledWith(CARNOT.id, { notes: 'Visite samedi 10 h' });
    // The list is read again after the save: the card keeps its confirmation and the notes.
    expect(savedListings).toHaveBeenCalledTimes(2);
    await act(async () => {
      await vi.mocked(savedListings).mock.results[1]?.value;
    });
    expect(screen.getByRole('status').textContent).toBe('Notes enregistrées.');
    expect((within(screen.getAllByTestId('mon-annonce')[0] as HTMLElement).getByLabelText('Notes') as HTMLTextAreaElement).value).toBe(
      'Visite samedi 10 h',
    );
    fireEvent.change(within(screen.getAllByTestId('mon-annonce')[0] as HTMLElement).getByLabelText('Notes'), {
      target: { value: 'Visite dimanche' },
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('asks the server for a page in the order chosen, and says the total', async () => {
    vi.mocked(savedListings).mockImplementation(async (page) => ({
      listings: structuredClone(stored),
      total: 120,
      page: page?.page ?? 1,
      pageSize: 50,
    }));
    show();
    await waitFor(() => expect(screen.getByTestId('saved-listings-total').textContent).toBe('120\u00a0annonces suivies · page 1 sur 3'));
    expect(vi.mocked(savedListings)).toHaveBeenLastCalledWith({ page: 1, sort: 'recent', order: 'desc' }, expect.any(AbortSignal));
    fireEvent.change(screen.getByLabelText('Trier par'), { target: { value: 'prix_m2:asc' } });
    await waitFor(() =>
      expect(vi.mocked(savedListings)).toHaveBeenLastCalledWith({ page: 1, sort: 'prix_m2', order: 'asc' }, expect.any(AbortSignal)),
    );
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() =>
      expect(vi.mocked(savedListings)).toHaveBeenLastCalledWith({ page: 3, sort: 'prix_m2', order: 'asc' }, expect.any(AbortSignal)),
    );
  });
});
