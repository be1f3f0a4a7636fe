/** The DPE table: the flats of one building told apart, the town written once, few enough columns to sit beside the map. */
import type { DpeItem, DpeList } from '@immoloupe/shared/dpe/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims } from '~/test/mantine-dom';
import { DpeTable } from './dpe-table';

beforeAll(installMantineDomShims);
afterEach(cleanup);

const flat = (n: number): DpeItem => ({
  numero: `2461E141972${n}X`,
  date: '2024-04-17',
  dateFinValidite: '2034-04-17',
  modele: 'existant',
  classe: 'F',
  ges: 'F',
  type: 'appartement',
  annee: 1966,
  periode: '1948-1974',
  surface: 69,
  conso: 300,
  emission: 60,
  copro: null,
  address: '69 Rue du Mont Saint Michel 61100 Flers',
  codePostal: '61100',
  insee: '61169',
  commune: 'Flers',
  etage: 0,
  residence: null,
  complement: `APP ${n}/69`,
  remplace: null,
  remplacePar: null,
  interdictionLocation: '2028-01-01',
  lon: -0.589427,
  lat: 48.74,
});

describe('DpeTable', () => {
  it('shows what tells the flats apart, the town once, and opens a sheet from the address', () => {
    const result: DpeList = { total: 2, page: 1, pageSize: 50, byClass: { F: 2 }, mine: false, items: [flat(1), flat(6)] };
    const onOpen = vi.fn();
    render(
      <MantineProvider>
        <DpeTable result={result} sort="date" order="desc" onSort={() => undefined} onPage={() => undefined} onOpen={onOpen} />
      </MantineProvider>,
    );
    const table = screen.getByRole('region', { name: 'DPE trouvés' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date ▼', 'Classe', 'Surface', 'Construction', 'Logement']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('APP 1/69');
    expect(rows[1]?.textContent).toContain('APP 6/69');
    expect(rows[0]?.textContent).toContain('Appartement');
    expect(table.textContent).not.toContain('— Flers');
    fireEvent.click(
      within(rows[1] as HTMLElement).getByRole('button', {
        name: /^Ouvrir le DPE 2461E1419726X, 69 Rue du Mont Saint Michel 61100 Flers$/,
      }),
    );
    expect(onOpen).toHaveBeenCalledWith('2461E1419726X');
  });
});
