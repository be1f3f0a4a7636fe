/**
 * « Zone du PLU » of the address analysis: the zone of the parcel with its libellé long and type in
 * words, the document and its approval date with its regulation link; no prescription; the import
 * hint when no PLU is imported.
 */
import type { ParcelUrbanism } from '@immoloupe/shared/urbanism/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { ParcelZone } from './parcel-zone';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NONE: ParcelUrbanism = {
  parcelId: '93010000AC0013',
  anyDocument: false,
  documents: [],
  zones: [],
  prescriptions: [],
  informations: [],
};
const URL = 'https://www.geoportail-urbanisme.gouv.fr/document/200057875_PLUI_20250624/reglement.pdf';

function show(body: ParcelUrbanism) {
  const fetch = vi.fn(async (_url: string) => json(body));
  vi.stubGlobal('fetch', fetch);
  render(
    <MantineProvider>
      <MemoryRouter>
        <ParcelZone id="93010000AC0013" />
      </MemoryRouter>
    </MantineProvider>,
  );
  return fetch;
}

describe('ParcelZone', () => {
  it('shows the zone of the parcel, its type, its document and date and the regulation link', async () => {
    const fetch = show({
      ...NONE,
      anyDocument: true,
      documents: [{ idurba: '200057875_PLUI_20250624', datappro: '2025-06-24', nomfic: null, urlfic: URL }],
      zones: [
        {
          libelle: 'UC48C16',
          libelong: 'Centralite',
          typezone: 'U',
          idurba: '200057875_PLUI_20250624',
          nomfic: null,
          urlfic: null,
          areaM2: 412,
          share: 0.98,
        },
      ],
      prescriptions: [
        {
          layer: 'prescription_surf',
          libelle: 'Espace paysager protégé',
          txt: null,
          typeCode: '07',
          subtypeCode: '02',
          idurba: '200057875_PLUI_20250624',
          urlfic: null,
          areaM2: 105,
          share: 0.25,
        },
      ],
    });
    expect(await screen.findByText('UC48C16')).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/parcels/93010000AC0013/urbanisme');
    const text = document.body.textContent ?? '';
    expect(text).toContain('Zone du PLU');
    expect(text).toMatch(/Centralite — U \(zone urbaine\)/i);
    expect(text).toContain('Document 200057875_PLUI_20250624, approuvé le 24/06/2025');
    expect(screen.getByRole('link', { name: 'règlement' }).getAttribute('href')).toBe(URL);
    expect(text).not.toContain('Espace paysager protégé');
  });

  it('says no PLU is imported', async () => {
    show(NONE);
    expect(await screen.findByText(/Aucun document d’urbanisme \(PLU, PLUi\) importé/)).toBeTruthy();
  });
});
