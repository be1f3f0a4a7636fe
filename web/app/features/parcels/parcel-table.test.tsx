/**
 * The parcels found, with their BAN address: rows ticked go to a list at that address (the cadastral
 * description when the BAN gives none) and with their only legal-entity owner; the land columns
 * (zone, coverage, footprint, « bâti non importé » where the buildings are missing, never 0 %); on a
 * phone one card per parcel, key figures first.
 */
import type { ParcelSearchResult } from '@immoloupe/shared/parcels/search-contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSOIRES, stubBulkApi } from '~/features/prospecting/test-bulk';
import { installMantineDomShims, installPhoneViewport } from '~/test/mantine-dom';
import { ParcelTable } from './parcel-table';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const parcel = (numero: string) => ({
  id: `93010000AS0${numero}`,
  codeCommune: '93010',
  prefixe: '000',
  section: 'AS',
  numero,
  contenance: 412,
  current: true,
  centroid: { lon: 2.4805, lat: 48.9005 },
  bbox: [2.48, 48.9, 2.481, 48.901] as [number, number, number, number],
  geometry: { type: 'Point' as const, coordinates: [2.48, 48.9] },
});

const RESULT = {
  commune: { code: '93010', nom: 'Bondy' },
  mine: false,
  total: 3,
  sections: [],
  parcels: [parcel('167'), parcel('168'), parcel('169')],
  vintage: null,
  owners: { '93010000AS0167': ['SCI DU MOULIN'], '93010000AS0169': ['COMMUNE DE BONDY', 'OPH BONDY HABITAT'] },
  // AS 169 has no BAN address.
  addresses: { '93010000AS0167': '139 Avenue Carnot, 93140 Bondy', '93010000AS0168': '141 Avenue Carnot, 93140 Bondy' },
  dvfLatest: null,
  ownersMissing: [],
  land: {},
  buildingsMissing: [],
} as unknown as ParcelSearchResult;

const land = (coverage: number | null, builtM2: number | null) => ({
  areaM2: 412,
  builtM2,
  coverage,
  zoneType: 'U' as const,
  zoneLibelle: 'UC48C16',
  zoneLibelong: 'Centralite',
  prescriptionTypes: [],
});
/** AS 167 lightly built, AS 168 in a commune whose buildings are not imported, AS 169 unbuilt. */
const WITH_LAND = {
  ...RESULT,
  land: { '93010000AS0167': land(14 / 412, 14), '93010000AS0168': land(null, null), '93010000AS0169': land(0, 0) },
} as ParcelSearchResult;

function showTable(result: ParcelSearchResult, onChoose: (id: string) => void = () => undefined) {
  render(
    <MantineProvider>
      <MemoryRouter>
        <ParcelTable result={result} selected={null} onChoose={onChoose} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('ParcelTable', () => {
  beforeAll(installMantineDomShims);
  it('shows each parcel’s BAN address, and nothing for a parcel the BAN gives none', () => {
    showTable(RESULT);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    const column = headers.indexOf('Adresse');
    expect(column).toBeGreaterThan(0);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelectorAll('td')[column]?.textContent)).toEqual([
      '139 Avenue Carnot, 93140 Bondy',
      '141 Avenue Carnot, 93140 Bondy',
      '',
    ]);
  });

  it('names the legal-entity owners in a column only when the page has some, and each parcel’s id under its number', () => {
    const headers = (result: ParcelSearchResult) => {
      showTable(result);
      const shown = screen.getAllByRole('columnheader').map((h) => h.textContent);
      cleanup();
      return shown;
    };
    expect(headers(RESULT)).toEqual(['', 'Parcelle', 'Adresse', 'Contenance', 'État', 'Personnes morales']);
    // Bondy's owners not imported: no empty column pushing the state out of sight beside the map.
    expect(headers({ ...RESULT, owners: {} })).toEqual(['', 'Parcelle', 'Adresse', 'Contenance', 'État']);
    showTable(RESULT);
    expect(screen.getAllByRole('row')[1]?.querySelectorAll('td')[1]?.textContent).toBe('AS 16793010000AS0167');
  });

  it('sends the parcels ticked to the chosen list in one call, at their BAN address', async () => {
    const { bulkBodies } = stubBulkApi(() => ({ added: 2, alreadyPresent: 0 }));
    showTable(RESULT);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner la parcelle AS 167' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner la parcelle AS 169' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter la sélection à une liste (2)' }));
    const listInput = () => screen.getAllByLabelText('Liste').find((e) => e.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() => expect(listInput().value).toBe('Copros Bondy (4)'));
    fireEvent.click(listInput());
    fireEvent.click(await screen.findByRole('option', { name: 'Passoires Flers (2)', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter ces 2 cibles' }));
    expect((await screen.findByRole('status')).textContent).toContain('2\u00a0cibles ajoutées à «\u00a0Passoires Flers\u00a0».');
    expect(bulkBodies).toEqual([
      {
        listId: PASSOIRES.id,
        targets: [
          {
            kind: 'parcel',
            ref: '93010000AS0167',
            label: 'Parcelle AS 167 (93010000AS0167)',
            address: '139 Avenue Carnot, 93140 Bondy',
            ownerName: 'SCI DU MOULIN',
          },
          // Two legal entities: the letter names none of them. No BAN address: the cadastral description.
          {
            kind: 'parcel',
            ref: '93010000AS0169',
            label: 'Parcelle AS 169 (93010000AS0169)',
            address: 'Bondy, section AS n° 169',
            ownerName: null,
          },
        ],
      },
    ]);
  });
});

describe('ParcelTable land columns', () => {
  beforeAll(installMantineDomShims);

  it('gives zone, coverage and footprint; « bâti non importé » where the commune’s buildings are missing, never 0 %', () => {
    showTable(WITH_LAND);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['', 'Parcelle', 'Adresse', 'Contenance', 'Zone', 'Couverture', 'Emprise bâtie', 'État', 'Personnes morales']);
    const cells = (i: number) => [...(screen.getAllByRole('row')[i + 1]?.querySelectorAll('td') ?? [])].map((td) => td.textContent);
    expect(cells(0).slice(4, 7)).toEqual(['UC48C16 (U)', '3,4\u00a0%', '14\u00a0m²']);
    expect(cells(1).slice(4, 7)).toEqual(['UC48C16 (U)', 'bâti non importé', 'bâti non importé']);
    expect(cells(2).slice(5, 7)).toEqual(['0\u00a0%', '0\u00a0m²']);
  });
});

describe('ParcelTable on a phone', () => {
  it('gives each parcel as a card: area, zone and coverage first, then the parcel that opens its sheet, its tick box last', async () => {
    installPhoneViewport();
    const onChoose = vi.fn();
    showTable(WITH_LAND, onChoose);
    const cards = await screen.findByRole('list', { name: 'Parcelles trouvées' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(cards).getAllByRole('listitem')[1] as HTMLElement;
    const text = card.textContent ?? '';
    const at = (s: string) => text.indexOf(s);
    expect(at('Contenance412\u00a0m²')).toBe(0);
    expect(at('ZoneUC48C16 (U)')).toBeGreaterThan(0);
    expect(at('Couverturebâti non importé')).toBeGreaterThan(at('Zone'));
    expect(at('AS 168')).toBeGreaterThan(at('Couverture'));
    expect(at('Adresse141 Avenue Carnot')).toBeGreaterThan(at('AS 168'));
    expect(text).not.toContain('0\u00a0%');
    within(card).getByRole('checkbox', { name: 'Sélectionner la parcelle AS 168' });
    fireEvent.click(within(card).getByRole('button', { name: 'AS 168' }));
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(onChoose).toHaveBeenCalledWith('93010000AS0168');
    expect(screen.getByRole('checkbox', { name: 'Tout sélectionner sur cette page' })).toBeTruthy();
  });
});
