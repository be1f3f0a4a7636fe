/**
 * The parcel search page: a link (or a saved search, or a reload) keeps its prospecting filters,
 * the missing legal-entity owners file is said under the owner filters, and a parcel clicked in
 * the results brings its sheet, drawn under the table, into view.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { ParcelSearch } from './parcel-search';

// MapLibre has no canvas in jsdom; the sheet's buttons call their own APIs.
vi.mock('~/features/map/map-view', () => ({ MapView: () => null }));
vi.mock('~/features/prospecting/add-to-list-button', () => ({ AddToListButton: () => null }));
vi.mock('~/features/saved-addresses/save-address-button', () => ({ SaveAddressButton: () => null }));

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [2.48, 48.9],
      [2.481, 48.9],
      [2.481, 48.901],
      [2.48, 48.9],
    ],
  ],
};
const PARCEL = {
  id: '93010000AS0167',
  codeCommune: '93010',
  prefixe: '000',
  section: 'AS',
  numero: '167',
  contenance: 412,
  current: true,
  centroid: { lon: 2.4805, lat: 48.9005 },
  bbox: [2.48, 48.9, 2.481, 48.901],
  geometry: square,
};
const RESULT = {
  commune: { code: '93010', nom: 'Bondy', codesPostaux: ['93140'] },
  mine: false,
  total: 2,
  sections: [{ section: 'AS', parcels: 2 }],
  parcels: [PARCEL, { ...PARCEL, id: '93010000AS0168', numero: '168' }],
  vintage: '2024-11-13',
  owners: {},
  dvfLatest: '2022-12-30',
  ownersMissing: ['93'],
};
const SHEET = {
  parcel: PARCEL,
  commune: { code: '93010', nom: 'Bondy' },
  codeSection: '000AS',
  firstVintage: '2022-01-01',
  lastVintage: '2024-11-13',
  addresses: [],
  sales: [],
  dpe: [],
  copros: [],
  owners: [],
  ownersLoaded: false,
  land: { areaM2: 412, builtM2: null, coverage: null, zoneType: 'U', zoneLibelle: 'UC48C16', zoneLibelong: null, prescriptionTypes: [] },
};

function renderAt(url: string) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (u: string) => {
      calls.push(String(u));
      // A section searched finds one parcel: AS 167.
      if (String(u).startsWith('/api/parcels?')) {
        const q = new URLSearchParams(String(u).split('?')[1]);
        // Bondy's buildings not imported: a coverage filter finds nothing, and the answer says why.
        if (q.has('coverageMax')) return json({ ...RESULT, total: 0, parcels: [], buildingsMissing: ['93010'] });
        if (q.get('surfaceMin') === '500')
          return json(
            { message: 'Requête invalide.', issues: [{ path: 'surfaceMin', message: 'La surface minimale dépasse la maximale.' }] },
            400,
          );
        return json(q.has('section') ? { ...RESULT, total: 1, parcels: [PARCEL] } : RESULT);
      }
      if (String(u).startsWith('/api/parcels/')) return json(SHEET);
      if (String(u).startsWith('/api/market/communes?')) {
        const q = new URL(String(u), 'http://localhost').searchParams.get('q');
        return json(q === '93010' || q === 'Bondy' ? [{ insee: '93010', nom: 'Bondy', codesPostaux: ['93140'] }] : []);
      }
      return new Response('{}', { status: 404 });
    }),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <MantineProvider>
            <ParcelSearch />
          </MantineProvider>
        ),
      },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  shown.router = router;
  return calls;
}

/** The router of the page rendered last. */
const shown: { router: ReturnType<typeof createMemoryRouter> | null } = { router: null };
const location = () => `${shown.router?.state.location.search}`;
const parcelQueries = (calls: string[]) =>
  calls.filter((c) => c.startsWith('/api/parcels?')).map((c) => new URLSearchParams(c.split('?')[1]));

describe('ParcelSearch', () => {
  it('searches with the prospecting filters of its link', async () => {
    const calls = renderAt('/?commune=93010&built=oui&ownerGroup=sci&noSaleYears=10');
    await waitFor(() => expect(calls.some((c) => c.startsWith('/api/parcels?'))).toBe(true));
    const query = new URLSearchParams(calls.find((c) => c.startsWith('/api/parcels?'))?.split('?')[1]);
    expect(query.get('built')).toBe('oui');
    expect(query.get('ownerGroup')).toBe('sci');
    expect(query.get('noSaleYears')).toBe('10');
    expect((screen.getByRole('combobox', { name: 'Bâti' }) as HTMLSelectElement).value).toBe('oui');
  });

  it('names the commune searched by its postcode, not by its INSEE code', async () => {
    renderAt('/?commune=93010');
    expect(await screen.findByText(/^2 parcelles à Bondy \(93140\) — cadastre à jour au 13\/11\/2024$/)).toBeTruthy();
  });

  it('names the commune of the field as the pickers do, also for a link that named it', async () => {
    // A search saved before the picker: the commune by its name. The field shows the commune found.
    const calls = renderAt('/?commune=Bondy&section=AS');
    const field = (await screen.findByDisplayValue('Bondy (93140)')) as HTMLInputElement;
    expect(field.getAttribute('placeholder')).toBe('Nom, code postal ou INSEE');
    expect(calls.filter((c) => c.startsWith('/api/parcels?')).map((c) => new URLSearchParams(c.split('?')[1]).get('commune'))).toEqual([
      'Bondy',
    ]);
  });

  it('asks for a commune picked in the list before searching', async () => {
    const calls = renderAt('/');
    // Typed, not picked: the field is not empty (the browser lets the form go), no commune is chosen.
    const commune = screen.getByPlaceholderText('Nom, code postal ou INSEE');
    act(() => commune.focus());
    fireEvent.change(commune, { target: { value: 'Bon' } });
    fireEvent.change(screen.getByLabelText('Section'), { target: { value: 'AS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Choisissez une commune dans la liste (nom, code postal ou code INSEE).',
    );
    expect(calls.some((c) => c.startsWith('/api/parcels?'))).toBe(false);
  });

  it('says why the server refused a search, without the results of the search before', async () => {
    renderAt('/?commune=93010');
    await screen.findByText(/^2 parcelles à Bondy/);
    fireEvent.change(screen.getByLabelText('Surface minimale (m²)'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('Surface maximale (m²)'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText('La surface minimale dépasse la maximale.')).toBeTruthy();
    expect(screen.queryByText(/^2 parcelles à Bondy/)).toBeNull();
    // The search corrected: its results, without the refusal.
    fireEvent.change(screen.getByLabelText('Surface minimale (m²)'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    await screen.findByText(/^2 parcelles à Bondy/);
    expect(screen.queryByText('La surface minimale dépasse la maximale.')).toBeNull();
  });

  it('follows Back: the search before comes back in the form and the results, and Back is not trapped by the parcel opened', async () => {
    const calls = renderAt('/?commune=93010');
    await screen.findByText(/^2 parcelles à Bondy/);
    fireEvent.change(screen.getByLabelText('Section'), { target: { value: 'AS' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    // One parcel found: its sheet opens, in the same step of the history.
    await waitFor(() => expect(location()).toBe('?commune=93010&section=AS&parcelle=93010000AS0167'));
    await act(() => shown.router?.navigate(-1));
    expect(location()).toBe('?commune=93010');
    await screen.findByText(/^2 parcelles à Bondy/);
    expect((screen.getByLabelText('Section') as HTMLInputElement).value).toBe('');
    expect(parcelQueries(calls).at(-1)?.has('section')).toBe(false);
    expect(screen.queryByTestId('parcel-sheet')).toBeNull();
    expect(location()).toBe('?commune=93010');
  });

  it('searches with the land filters of its link, and says when the commune’s buildings are not imported', async () => {
    const calls = renderAt(
      '/?commune=93010&zoneType=U&zoneLibelle=UC&prescription=05&prescriptionPresent=non&coverageMax=20&surfaceMin=500',
    );
    await waitFor(() => expect(parcelQueries(calls).length).toBeGreaterThan(0));
    const query = parcelQueries(calls)[0] as URLSearchParams;
    expect(
      Object.fromEntries(
        ['zoneType', 'zoneLibelle', 'prescription', 'prescriptionPresent', 'coverageMax', 'surfaceMin'].map((k) => [k, query.get(k)]),
      ),
    ).toEqual({
      zoneType: 'U',
      zoneLibelle: 'UC',
      prescription: '05',
      prescriptionPresent: 'non',
      coverageMax: '20',
      surfaceMin: '500',
    });
    expect((screen.getByRole('combobox', { name: 'Type de zone (PLU)' }) as HTMLSelectElement).value).toBe('U');
    expect((screen.getByRole('combobox', { name: 'Prescription' }) as HTMLSelectElement).value).toBe('05');
    expect((screen.getByRole('combobox', { name: 'Présente ou absente' }) as HTMLSelectElement).value).toBe('non');
    expect((screen.getByLabelText('Couverture bâtie maximale (%)') as HTMLInputElement).value).toBe('20');
    const notice = await screen.findByLabelText('Bâti non importé');
    expect(notice.textContent).toBe(
      'Les bâtiments du cadastre de la commune 93010 ne sont pas importés\u00a0: leurs parcelles sont «\u00a0bâti non importé\u00a0» et aucun filtre de couverture ne les retient.',
    );
    // A coverage typed « 12,5 % » reaches the API as a number.
    fireEvent.change(screen.getByLabelText('Couverture bâtie maximale (%)'), { target: { value: '12,5 %' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(parcelQueries(calls).at(-1)?.get('coverageMax')).toBe('12.5'));
  });

  it('says under the owner filters that the département’s legal-entity owners are not imported', async () => {
    renderAt('/?commune=93010&ownerGroup=sci');
    const notice = await screen.findByLabelText('Propriétaires personnes morales non importés');
    expect(notice.textContent).toBe(
      'Les propriétaires personnes morales de ce département (93) ne sont pas encore importés\u00a0: les filtres de propriétaire n’y trouvent aucune parcelle.',
    );
  });

  it('brings the sheet of a parcel clicked in the results into view', async () => {
    const scrolled = vi.fn();
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled(this.getAttribute('data-testid'));
    });
    renderAt('/?commune=93010');
    fireEvent.click(await screen.findByRole('button', { name: 'AS 167' }));
    const sheet = await screen.findByTestId('parcel-sheet');
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith('parcel-sheet'));
    // Bondy's buildings not imported in this answer: the sheet says so, never « 0 % ».
    expect(sheet.textContent).toContain('Emprise bâtiebâti non importé');
    expect(sheet.textContent).toContain('Couverture bâtiebâti non importé');
  });
});
