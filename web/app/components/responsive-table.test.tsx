/**
 * The responsive table: a table with its columns in order on a wide screen (the card-only action
 * left out), a named list of cards on a phone with the figures first in their own order, then the
 * title, the details with their names, and the actions last; a column placed `none` stays off the
 * cards.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, installPhoneViewport } from '~/test/mantine-dom';
import { type ResponsiveColumn, ResponsiveTable } from './responsive-table';

interface Row {
  id: string;
  name: string;
  price: string;
  area: string;
  note: string;
}

const ROWS: Row[] = [
  { id: 'a', name: 'Rue A', price: '100 €', area: '10 m²', note: 'calme' },
  { id: 'b', name: 'Rue B', price: '200 €', area: '20 m²', note: 'bruyant' },
];

function columns(open: (r: Row) => void): ResponsiveColumn<Row>[] {
  return [
    { key: 'name', header: 'Adresse', card: 'title', cell: (r) => r.name },
    { key: 'area', header: 'Surface', card: 'figure', cardOrder: 2, cell: (r) => r.area },
    { key: 'price', header: 'Prix', card: 'figure', cardOrder: 1, cell: (r) => r.price },
    { key: 'note', header: 'Note', card: 'detail', cell: (r) => r.note },
    { key: 'hidden', header: 'Code', card: 'none', cell: (r) => `code-${r.id}` },
    {
      key: 'open',
      header: 'Ouvrir',
      card: 'action',
      cardOnly: true,
      cell: (r) => (
        <button type="button" onClick={() => open(r)}>
          Ouvrir {r.name}
        </button>
      ),
    },
  ];
}

function show(open = vi.fn(), onRowClick?: (r: Row) => void) {
  render(
    <MantineProvider>
      <ResponsiveTable
        rows={ROWS}
        rowKey={(r) => r.id}
        columns={columns(open)}
        label="Ventes"
        minWidth={600}
        onRowClick={onRowClick}
        rowTestId="row"
      />
    </MantineProvider>,
  );
  return open;
}

beforeEach(installMantineDomShims);
afterEach(cleanup);

describe('ResponsiveTable', () => {
  it('on a wide screen, is a table with the columns in their order, without the card-only action', () => {
    const onRowClick = vi.fn();
    show(vi.fn(), onRowClick);
    expect(screen.queryByTestId('row-cards')).toBeNull();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Adresse', 'Surface', 'Prix', 'Note', 'Code']);
    const rows = screen.getAllByTestId('row');
    expect(rows.map((r) => r.tagName)).toEqual(['TR', 'TR']);
    expect(screen.queryByRole('button', { name: /Ouvrir/ })).toBeNull();
    fireEvent.click(within(rows[1] as HTMLElement).getByText('Rue B'));
    expect(onRowClick).toHaveBeenCalledWith(ROWS[1]);
  });

  it('on a phone, is a named list of cards: figures first in their rank, title, named details, action last', async () => {
    installPhoneViewport();
    const open = show();
    const list = await screen.findByRole('list', { name: 'Ventes' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(first.textContent).toBe('Prix100 €Surface10 m²Rue ANotecalmeOuvrir Rue A');
    expect(first.textContent).not.toContain('code-a');
    fireEvent.click(within(cards[1] as HTMLElement).getByRole('button', { name: 'Ouvrir Rue B' }));
    expect(open).toHaveBeenCalledWith(ROWS[1]);
  });
});
