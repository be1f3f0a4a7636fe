/**
 * The « Urbanisme (PLU) » block of the parcel sheet: the zone with its type in words and its share,
 * the document with its approval date, the prescriptions with theirs (or « touche la parcelle » for
 * a line), and the import hint when no PLU is imported.
 */
import { formatDate, formatPercent } from '@immoloupe/shared/format';
import type { ParcelUrbanism } from '@immoloupe/shared/urbanism/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { ParcelUrbanismBlock } from './parcel-urbanism';

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
const BONDY: ParcelUrbanism = {
  ...NONE,
  anyDocument: true,
  documents: [{ idurba: '200057875_PLUI_20250624', datappro: '2025-06-24', nomfic: '200057875_reglement_20250624.pdf', urlfic: null }],
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
    {
      layer: 'prescription_lin',
      libelle: 'Linéaire commercial',
      txt: null,
      typeCode: '22',
      subtypeCode: null,
      idurba: '200057875_PLUI_20250624',
      urlfic: null,
      areaM2: null,
      share: null,
    },
  ],
};

function show(body: ParcelUrbanism) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(body)),
  );
  render(
    <MantineProvider>
      <MemoryRouter>
        <ParcelUrbanismBlock id="93010000AC0013" codeCommune="93010" />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('ParcelUrbanismBlock', () => {
  it('shows the zone, its type in words, its share, the document and the prescriptions', async () => {
    show(BONDY);
    expect(await screen.findByText('UC48C16')).toBeTruthy();
    const line = screen.getByText((_, el) => el?.tagName === 'P' && /^Centralite — U/.test(el.textContent ?? ''));
    expect(line.textContent).toBe(`Centralite — U (zone urbaine) — ${formatPercent(0.98)} de la parcelle`);
    expect(formatPercent(0.98)).toMatch(/^98[\u00a0\u202f]%$/);
    const doc = screen.getByText((_, el) => el?.tagName === 'P' && /^Document /.test(el.textContent ?? ''));
    expect(doc.textContent).toBe(
      `Document 200057875_PLUI_20250624, approuvé le ${formatDate('2025-06-24')} — règlement\u00a0: 200057875_reglement_20250624.pdf`,
    );
    const cells = [...document.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toContain(formatPercent(0.25));
    expect(screen.getByText('touche la parcelle')).toBeTruthy();
    expect(screen.getByText('07-02')).toBeTruthy();
  });

  it('says that no PLU is imported, and how to have it imported', async () => {
    show(NONE);
    expect(await screen.findByText(/Aucun document d’urbanisme \(PLU, PLUi\) importé\./)).toBeTruthy();
    expect(screen.getByTestId('import-hint').textContent).toMatch(/PLU \(Géoportail de l’Urbanisme\)/);
  });
});
