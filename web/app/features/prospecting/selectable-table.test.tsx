/** The results table the DPE and co-ownership searches share: rows ticked, then sent to a list in one call. */
import type { TargetInput } from '@immoloupe/shared/prospecting/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, installPhoneViewport } from '~/test/mantine-dom';
import { SelectableTable } from './selectable-table';
import { PASSOIRES, stubBulkApi } from './test-bulk';

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Street {
  code: string;
  name: string;
}
const street = (code: string, name: string): Street => ({ code, name });
const target = (s: Street): TargetInput => ({ kind: 'address', ref: s.code, label: s.name, address: `${s.name} 93140 Bondy` });

const tree = (rows: readonly Street[]) => (
  <MantineProvider>
    <MemoryRouter>
      <SelectableTable
        rows={rows}
        idOf={(s) => s.code}
        target={target}
        rowLabel={(s) => `la voie ${s.name}`}
        label="Voies trouvées"
        minWidth={400}
        columns={[{ key: 'name', header: 'Voie', card: 'title', cell: (s) => s.name }]}
      />
    </MemoryRouter>
  </MantineProvider>
);

describe('SelectableTable', () => {
  it('puts a tick box before the columns of each row and sends the rows ticked, in the page’s order, to one list', async () => {
    const { bulkBodies } = stubBulkApi((body) => ({ added: body.targets.length, alreadyPresent: 0 }));
    const rows = [street('0420', 'Avenue Carnot'), street('0610', 'Rue Roger Salengro'), street('0100', 'Allée de l’Orme')];
    const { rerender } = render(tree(rows));
    const table = screen.getByRole('region', { name: 'Voies trouvées' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Voie']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Avenue Carnot', 'Rue Roger Salengro', 'Allée de l’Orme']);

    const action = () => screen.getByRole('button', { name: /^Ajouter la sélection à une liste/ });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner la voie Allée de l’Orme' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner la voie Avenue Carnot' }));
    expect(action().textContent).toBe('Ajouter la sélection à une liste (2)');
    fireEvent.click(action());
    const listInput = () => screen.getAllByLabelText('Liste').find((e) => e.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() => expect(listInput().value).toBe('Copros Bondy (4)'));
    fireEvent.click(listInput());
    fireEvent.click(await screen.findByRole('option', { name: 'Passoires Flers (2)', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter ces 2 cibles' }));
    expect((await screen.findByRole('status')).textContent).toContain('2\u00a0cibles ajoutées à «\u00a0Passoires Flers\u00a0».');
    expect(bulkBodies).toEqual([{ listId: PASSOIRES.id, targets: [target(rows[0] as Street), target(rows[2] as Street)] }]);
    expect(action().textContent).toBe('Ajouter la sélection à une liste (0)');

    // « Tout sélectionner » ticks the page; another page starts with nothing ticked.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tout sélectionner sur cette page' }));
    expect(action().textContent).toBe('Ajouter la sélection à une liste (3)');
    rerender(tree([street('0200', 'Rue de la Paix')]));
    expect(action().textContent).toBe('Ajouter la sélection à une liste (0)');
    expect((screen.getByRole('checkbox', { name: 'Sélectionner la voie Rue de la Paix' }) as HTMLInputElement).checked).toBe(false);
  });

  it('on a phone, gives each row as a card with its tick box, « Tout sélectionner » above the cards', async () => {
    installPhoneViewport();
    const { bulkBodies } = stubBulkApi((body) => ({ added: body.targets.length, alreadyPresent: 0 }));
    const rows = [street('0420', 'Avenue Carnot'), street('0610', 'Rue Roger Salengro')];
    render(tree(rows));
    const cards = await screen.findByRole('list', { name: 'Voies trouvées' });
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(cards).getAllByRole('listitem');
    expect(items.map((c) => c.textContent)).toEqual(['Avenue Carnot', 'Rue Roger Salengro']);
    fireEvent.click(within(items[1] as HTMLElement).getByRole('checkbox', { name: 'Sélectionner la voie Rue Roger Salengro' }));
    const action = () => screen.getByRole('button', { name: /^Ajouter la sélection à une liste/ });
    expect(action().textContent).toBe('Ajouter la sélection à une liste (1)');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tout sélectionner sur cette page' }));
    expect(action().textContent).toBe('Ajouter la sélection à une liste (2)');
    fireEvent.click(action());
    await waitFor(() =>
      expect((screen.getAllByLabelText('Liste').find((e) => e.tagName === 'INPUT') as HTMLInputElement).value).not.toBe(''),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter ces 2 cibles' }));
    await screen.findByRole('status');
    expect(bulkBodies[0]?.targets).toEqual(rows.map(target));
  });
});
