/**
 * The « Risques » and « Permis de construire » blocks of the parcel sheet: what the API answers,
 * in French with its non-breaking spaces (distances, « : »), and what each list says when its
 * file was never imported.
 */
import type { Permits } from '@immoloupe/shared/permits/contracts';
import type { Risks } from '@immoloupe/shared/risks/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { ParcelPermits } from './parcel-permits';
import { ParcelRisks } from './parcel-risks';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RISKS: Risks = {
  insee: '93010',
  radiusM: 500,
  loaded: { gaspar: true, icpe: true, basias: false },
  risks: [
    { code: '11', label: 'Inondation', parent: null },
    { code: '114', label: 'Par ruissellement et coulée de boue', parent: '11' },
    { code: '24', label: 'Transport de marchandises dangereuses', parent: null },
  ],
  icpe: [
    {
      id: '0006506273',
      operator: 'BIONAZ',
      address: '28 RUE MARCEL DASSAULT',
      regime: 'Enregistrement',
      seveso: 'Non Seveso',
      lastInspection: null,
      placedBy: 'adresse',
      distanceM: 1234,
    },
  ],
  icpeUnplaced: 2,
  basias: [],
};

const PERMITS: Permits = {
  radiusM: 500,
  loaded: true,
  truncated: false,
  permits: [
    {
      list: 'logements',
      id: '03155511C1330',
      kind: 'PC',
      status: 5,
      authorisedOn: '2013-06-28',
      startedOn: '2014-03-03',
      completedOn: null,
      applicant: null,
      address: '34 RUE DU CAPITAINE ESCUDIE, 31 TOULOUSE',
      parcelId: '31555000AB0246',
      landArea: 377,
      dwellings: 6,
      housingArea: 414,
      premisesArea: 0,
      demolishedDwellings: 0,
      distanceM: 0,
    },
  ],
};

function show(node: React.ReactNode, body: unknown) {
  const fetch = vi.fn(async (_url: string) => json(body));
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );
  return fetch;
}

describe('parcel risks and permits', () => {
  it('lists the commune’s risks and the ICPE sites with their distance, and says BASIAS was not imported', async () => {
    const fetch = show(<ParcelRisks id="93010000AS0167" />, RISKS);
    expect(await screen.findByText('BIONAZ')).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/parcels/93010000AS0167/risks');
    const text = document.body.textContent ?? '';
    expect(text).toContain('3 risques connus dans la commune (GASPAR)\u00a0:');
    expect(screen.getByText('Inondation')).toBeTruthy();
    expect(screen.getByText('Par ruissellement et coulée de boue')).toBeTruthy();
    expect(text).toContain('1\u202f234\u00a0m');
    expect(text).toContain('Installations classées (ICPE) à moins de 500\u00a0m');
    expect(screen.getByText(/2 installations de la commune sans adresse reconnue/)).toBeTruthy();
    expect(screen.getByText(/Inventaire des anciens sites industriels \(BASIAS\) non importé pour cette commune/)).toBeTruthy();
  });

  it('lists the permits around, and says when Sitadel was not imported', async () => {
    show(<ParcelPermits id="31555000AB0246" />, PERMITS);
    expect(await screen.findByText('Permis de construire', { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('28/06/2013')).toBeTruthy();
    expect(screen.getByText('Chantier commencé')).toBeTruthy();
    expect(document.body.textContent).toContain('414\u00a0m²');
    cleanup();
    vi.unstubAllGlobals();
    show(<ParcelPermits id="93010000AS0167" />, { radiusM: 500, loaded: false, truncated: false, permits: [] });
    expect(await screen.findByText(/Listes Sitadel des autorisations d’urbanisme non importées pour cette commune/)).toBeTruthy();
  });
});
