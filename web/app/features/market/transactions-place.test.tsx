/**
 * The commune field of the transactions tool names communes as the pickers do, « Bondy (93140) »,
 * never by their INSEE code (which agents took for a postcode), though the link carries the code.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { communeOptions } from '~/components/commune-select';
import { installMantineDomShims, jsonResponse } from '~/test/mantine-dom';
import { TransactionsPlace } from './transactions-place';
import { useTransactions } from './use-transactions';

const BONDY = { insee: '93010', nom: 'Bondy', codesPostaux: ['93140'] };
const SAINT_DENIS = [
  { insee: '93066', nom: 'Saint-Denis', codesPostaux: ['93200', '93210', '93380'] },
  { insee: '97411', nom: 'Saint-Denis', codesPostaux: ['97400', '97417', '97490'] },
];

beforeAll(installMantineDomShims);
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const q = new URL(input, 'http://localhost').searchParams.get('q');
      if (input.startsWith('/api/market/communes')) return jsonResponse(q === '93010' ? [BONDY] : q === 'Saint-Denis' ? SAINT_DENIS : []);
      return jsonResponse({ message: 'Introuvable' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Place() {
  const t = useTransactions();
  return <TransactionsPlace {...t} />;
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/', element: <Place /> }], { initialEntries: [url] });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('the commune field of the transactions', () => {
  it('names the commune of a link by its postcode, and suggestions by theirs', async () => {
    renderAt('/?lieu=commune&insee=93010');
    const field = await screen.findByDisplayValue('Bondy (93140)');
    // Typed by the agent: Mantine ignores a change to a field that does not have the focus.
    act(() => field.focus());
    fireEvent.change(field, { target: { value: 'Saint-Denis' } });
    expect(await screen.findByRole('option', { name: 'Saint-Denis (93200, 93210, 93380)', hidden: true })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Saint-Denis (97400, 97417, 97490)', hidden: true })).toBeTruthy();
    expect(screen.queryByText(/93066|97411/)).toBeNull();
  });

  it('keeps the commune of the link among the options, by its bare code only while its name is unknown', () => {
    expect(communeOptions([], '93010', {})).toEqual([{ value: '93010', label: '93010' }]);
    expect(communeOptions([], '93010', { '93010': BONDY })).toEqual([{ value: '93010', label: 'Bondy (93140)' }]);
    expect(communeOptions([BONDY], '93010', {})).toEqual([{ value: '93010', label: 'Bondy (93140)' }]);
    // Two of one name and no postcode known: told apart by their INSEE code.
    const bare = SAINT_DENIS.map((c) => ({ ...c, codesPostaux: [] }));
    expect(communeOptions(bare, null, {}).map((o) => o.label)).toEqual(['Saint-Denis — INSEE 93066', 'Saint-Denis — INSEE 97411']);
  });
});
