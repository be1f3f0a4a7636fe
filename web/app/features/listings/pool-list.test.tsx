/**
 * The list beside the listings map asks the server for one page of the search in the order chosen,
 * says the total and the page; a change of order starts again at page 1; another search too.
 */
import type { PoolListing, PoolResponse } from '@immoloupe/shared/listings/search';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse } from '~/test/mantine-dom';
import { PoolList } from './pool-list';

function listing(id: string): PoolListing {
  return {
    id,
    title: `Appartement ${id}`,
    transaction: 'vente',
    propertyType: 'appartement',
    price: 150_000,
    surface: 50,
    rooms: 2,
    dpeClass: 'D',
    postcode: '83000',
    city: 'Toulon',
    district: null,
    lat: null,
    lon: null,
    photoUrl: null,
    publishedAt: '2026-03-02',
    firstSeenAt: '2026-11-25T08:00:00.000Z',
    sources: [{ portal: 'bienici', portalId: id, url: null }],
    pricePerM2: 3000,
    median: null,
    gap: null,
  };
}

const asked: URLSearchParams[] = [];
beforeEach(() => {
  installMantineDomShims();
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://localhost');
      if (u.pathname !== '/api/listings/pool') return jsonResponse({ message: 'inconnu' }, 404);
      asked.push(u.searchParams);
      const page = Number(u.searchParams.get('page'));
      const body: PoolResponse = {
        total: 758,
        listings: [listing(`p${page}-1`), listing(`p${page}-2`)],
        page,
        pageSize: 50,
        sort: (u.searchParams.get('sort') ?? 'recent') as PoolResponse['sort'],
        order: (u.searchParams.get('order') ?? 'desc') as PoolResponse['order'],
      };
      return jsonResponse(body);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tree = (query: string) => (
  <MantineProvider>
    <MemoryRouter>
      <PoolList query={query} enabled />
    </MemoryRouter>
  </MantineProvider>
);

describe('PoolList', () => {
  it('pages through the whole search in the server’s order, with its total', async () => {
    const { rerender } = render(tree('postcode=83000'));
    await waitFor(() => expect(screen.getByTestId('pool-list-total').textContent).toBe('758\u00a0annonces dans la liste · page 1 sur 16'));
    expect(asked[0]?.get('postcode')).toBe('83000');
    expect(Object.fromEntries(['page', 'sort', 'order'].map((k) => [k, asked[0]?.get(k)]))).toEqual({
      page: '1',
      sort: 'recent',
      order: 'desc',
    });

    fireEvent.change(screen.getByLabelText('Trier par'), { target: { value: 'prix_m2:asc' } });
    await waitFor(() => expect(asked.at(-1)?.get('sort')).toBe('prix_m2'));
    expect(asked.at(-1)?.get('order')).toBe('asc');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(asked.at(-1)?.get('page')).toBe('2'));
    expect(asked.at(-1)?.get('sort')).toBe('prix_m2');
    await screen.findByText('Appartement p2-1');

    // Another search: page 1, newest first.
    rerender(tree('postcode=83200'));
    await waitFor(() => expect(asked.at(-1)?.get('postcode')).toBe('83200'));
    expect(Object.fromEntries(['page', 'sort', 'order'].map((k) => [k, asked.at(-1)?.get(k)]))).toEqual({
      page: '1',
      sort: 'recent',
      order: 'desc',
    });
  });
});
