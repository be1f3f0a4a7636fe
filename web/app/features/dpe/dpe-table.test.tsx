/** The DPE table: the flats of one building told apart, the town written once, few enough columns to sit beside the map. */
import type { DpeItem, DpeList } from '@immoloupe/shared/dpe/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COPROS, stubBulkApi } from '~/features/prospecting/test-bulk';
import { installMantineDomShims, installPhoneViewport } from '~/test/mantine-dom';
import { DpeTable, dpeTarget } from './dpe-table';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
  placedAt: 'address',
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
    ).toEqual(['', 'Logement', 'Classe', 'Date ▼', 'Surface', 'Construction']);
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

  it('adds the rows ticked to a list in one call, and says how many went in and where', async () => {
    const { fetch, bulkBodies } = stubBulkApi(() => ({ added: 1, alreadyPresent: 1 }));
    const page = (items: DpeItem[]): DpeList => ({ total: 60, page: 1, pageSize: 50, byClass: { F: 60 }, mine: false, items });
    const tree = (result: DpeList) => (
      <MantineProvider>
        <MemoryRouter>
          <DpeTable result={result} sort="date" order="desc" onSort={() => undefined} onPage={() => undefined} onOpen={() => undefined} />
        </MemoryRouter>
      </MantineProvider>
    );
    const { rerender } = render(tree(page([flat(1), flat(2), flat(3)])));
    const box = (name: RegExp | string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
    const action = () => screen.getByRole('button', { name: /^Ajouter la sélection à une liste/ }) as HTMLButtonElement;
    expect(action().textContent).toBe('Ajouter la sélection à une liste (0)');
    expect(action().disabled).toBe(true);

    // « Tout sélectionner » ticks the page, then one row is left out.
    fireEvent.click(box('Tout sélectionner sur cette page'));
    expect(action().textContent).toBe('Ajouter la sélection à une liste (3)');
    fireEvent.click(box(/^Sélectionner le DPE 2461E1419722X/));
    expect(action().textContent).toBe('Ajouter la sélection à une liste (2)');
    expect(box('Tout sélectionner sur cette page').checked).toBe(false);
    expect(box('Tout sélectionner sur cette page').getAttribute('data-indeterminate')).toBe('true');

    fireEvent.click(action());
    // The last list is preselected, and named in the answer.
    await waitFor(() =>
      expect((screen.getAllByLabelText('Liste').find((e) => e.tagName === 'INPUT') as HTMLInputElement).value).toBe('Copros Bondy (4)'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter ces 2 cibles' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      '1\u00a0cible ajoutée à «\u00a0Copros Bondy\u00a0», 1\u00a0déjà présente.',
    );
    expect(bulkBodies).toEqual([{ listId: COPROS.id, targets: [dpeTarget(flat(1)), dpeTarget(flat(3))] }]);
    expect(bulkBodies[0]?.targets[0]).toMatchObject({
      kind: 'dpe',
      ref: '2461E1419721X',
      label: 'DPE F — 69 Rue du Mont Saint Michel 61100 Flers, APP 1/69, rez-de-chaussée',
    });
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    // Once added, nothing stays ticked.
    expect(action().textContent).toBe('Ajouter la sélection à une liste (0)');
    expect(box(/^Sélectionner le DPE 2461E1419721X/).checked).toBe(false);

    // Another page starts with nothing ticked.
    fireEvent.click(box(/^Sélectionner le DPE 2461E1419721X/));
    expect(action().textContent).toBe('Ajouter la sélection à une liste (1)');
    rerender(tree(page([flat(4), flat(5)])));
    expect(action().textContent).toBe('Ajouter la sélection à une liste (0)');
    expect(box('Tout sélectionner sur cette page').checked).toBe(false);
  });
});

describe('DpeTable on a phone', () => {
  it('gives each DPE as a card: class, surface and date first, then the dwelling, its tick box and « Ouvrir »; the sort above', async () => {
    installPhoneViewport();
    const result: DpeList = { total: 2, page: 1, pageSize: 50, byClass: { F: 2 }, mine: false, items: [flat(1), flat(6)] };
    const onOpen = vi.fn();
    const onSort = vi.fn();
    render(
      <MantineProvider>
        <MemoryRouter>
          <DpeTable result={result} sort="date" order="desc" onSort={onSort} onPage={() => undefined} onOpen={onOpen} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const cards = await screen.findByRole('list', { name: 'DPE trouvés' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(cards).getAllByRole('listitem')[1] as HTMLElement;
    const text = card.textContent ?? '';
    const at = (s: string) => text.indexOf(s);
    expect(at('ClasseF')).toBe(0);
    expect(at('Surface69\u00a0m²')).toBeGreaterThan(at('ClasseF'));
    expect(at('Date17/04/2024')).toBeGreaterThan(at('Surface'));
    expect(at('APP 6/69')).toBeGreaterThan(at('Date'));
    expect(at('Construction1966')).toBeGreaterThan(at('APP 6/69'));
    within(card).getByRole('checkbox', { name: /^Sélectionner le DPE 2461E1419726X/ });
    fireEvent.click(within(card).getByText('Ouvrir'));
    expect(onOpen).toHaveBeenCalledWith('2461E1419726X');
    fireEvent.click(within(screen.getByRole('group', { name: 'Trier les DPE' })).getByRole('button', { name: 'Surface' }));
    expect(onSort).toHaveBeenCalledWith('surface', 'desc');
  });
});
