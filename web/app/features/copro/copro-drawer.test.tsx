/**
 * The co-ownership sheet: the sales on its parcels when the RNIC gives cadastral references; when it
 * gives none, the sales matched by address, with a note that says how (the answers are those of
 * `GET /api/copros/:numero` on the Bondy samples).
 */
import type { CoproDetail } from '@immoloupe/shared/copro/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse } from '~/test/mantine-dom';
import { CoproDrawer } from './copro-drawer';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BASE = {
  insee: '93010',
  commune: 'Bondy',
  codePostal: '93140',
  lotsStationnement: 0,
  periode: 'DE_1961_A_1974',
  cooperatif: false,
  acv: false,
  pvd: false,
  quartierPrioritaire: null,
  asOf: '2026-01-03',
  dpe: [],
} satisfies Partial<CoproDetail>;

/** « 58-60 r roger salengro »: no cadastral reference in the RNIC. */
const WITHOUT_REFERENCES: CoproDetail = {
  ...BASE,
  numero: 'AA7926975',
  nom: 'RESIDENCE HAUDRICOURT',
  adresse: '58-60 Rue Roger Salengro 93140 Bondy',
  lots: 121,
  lotsHabitation: 38,
  typeSyndic: 'non connu',
  syndic: null,
  siret: null,
  mandatEnCours: 'Pas de mandat en cours',
  finMandat: '2023-09-30',
  lon: 2.47855,
  lat: 48.900196,
  parcels: [],
  sales: [
    {
      id: '2022-06-15|178000|1|93010',
      date: '2022-06-15',
      nature: 'Vente',
      price: 178000,
      locaux: 1,
      surface: 84,
      pricePerM2: 2119,
      idParcelle: '93010000AH0184',
    },
  ],
  proximity: { by: 'adresse', radiusM: 100 },
};

/** « 58 Rue Etienne Dolet », parcel BH0134. */
const WITH_REFERENCES: CoproDetail = {
  ...BASE,
  numero: 'AB1444934',
  nom: 'SDC 52 A 58 RUE ETIENNE DOLET',
  adresse: '58 Rue Etienne Dolet 93140 Bondy',
  lots: 191,
  lotsHabitation: 60,
  typeSyndic: 'professionnel',
  syndic: 'CABINET LOUIS PORCHERET',
  siret: '56203584000015',
  mandatEnCours: 'Mandat en cours',
  finMandat: '2026-06-30',
  lon: 2.475976,
  lat: 48.89077,
  parcels: [{ id: '93010000BH0134', contenance: 3345, geometry: null, inCadastre: true }],
  sales: [
    {
      id: '2022-05-30|200000|1|93010',
      date: '2022-05-30',
      nature: 'Vente',
      price: 200000,
      locaux: 2,
      surface: null,
      pricePerM2: null,
      idParcelle: '93010000BH0134',
    },
  ],
  proximity: null,
};

async function show(detail: CoproDetail) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(detail)),
  );
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <MantineProvider>
          <CoproDrawer numero={detail.numero} onClose={() => undefined} />
        </MantineProvider>
      ),
    },
  ]);
  render(<RouterProvider router={router} />);
  return screen.findByLabelText('Fiche de la copropriété');
}

describe('CoproDrawer', () => {
  it('says that the sales of a co-ownership without cadastral references were matched by its address', async () => {
    const sheet = await show(WITHOUT_REFERENCES);
    expect(within(sheet).getByRole('note').textContent).toBe(
      'Ventes et DPE rapprochés par l’adresse (même numéro, même voie), à moins de 100\u00a0m\u00a0: cette copropriété n’a pas de référence cadastrale au RNIC.',
    );
    expect(within(sheet).getByText('Ventes DVF à son adresse')).toBeTruthy();
    const sales = within(sheet).getByRole('table', { name: 'Ventes à l’adresse' });
    expect(within(sales).getByText('178\u202f000\u00a0€', { normalizer: (t) => t })).toBeTruthy();
    expect(within(sheet).getByText('Aucune référence cadastrale dans le registre.')).toBeTruthy();
  });

  it('warns that a match by position alone may be a neighbour’s building', async () => {
    const sheet = await show({
      ...WITHOUT_REFERENCES,
      numero: 'AA4342416',
      adresse: 'ctre commercial noue caillet 93140 BONDY',
      sales: [],
      proximity: { by: 'position', radiusM: 25 },
    });
    expect(within(sheet).getByRole('note').textContent).toBe(
      'Ventes et DPE rapprochés par la position, à moins de 25\u00a0m\u00a0: cette copropriété n’a ni référence cadastrale ni numéro dans son adresse au RNIC, ils peuvent être ceux d’un immeuble voisin.',
    );
    expect(within(sheet).getByText('Aucune vente DVF chargée à moins de 25\u00a0m.', { normalizer: (t) => t })).toBeTruthy();
  });

  it('shows the sales on the parcels of a co-ownership with references, with no note', async () => {
    const sheet = await show(WITH_REFERENCES);
    expect(within(sheet).queryByRole('note')).toBeNull();
    expect(within(sheet).getByText('Ventes DVF sur ses parcelles')).toBeTruthy();
    expect(within(sheet).getByRole('table', { name: 'Ventes sur les parcelles' })).toBeTruthy();
  });
});
