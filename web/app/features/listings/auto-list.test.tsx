/**
 * The automatic list asks the server for one page in the order chosen, says the total and the
 * page, and keeps the visit of its first answer (`since`) on every later page and order; « Bonnes
 * affaires » ranks the page shown without asking again.
 */
import type { AutoList, PoolListing } from '@immoloupe/shared/listings/search';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse } from '~/test/mantine-dom';
import { AutoListTool } from './auto-list';

const SINCE = '2026-11-20T08:00:00.000Z';

function listing(id: string, pricePerM2: number, gap: number): AutoList['listings'][number] {
  const l: PoolListing = {
    id,
    title: `Appartement ${id}`,
    transaction: 'vente',
    propertyType: 'appartement',
    price: pricePerM2 * 50,
    surface: 50,
    rooms: 2,
    dpeClass: 'D',
    postcode: '83000',
    city: 'Toulon',
    district: null,
    lat: null,
    lon: null,
    photoUrl: id === 'a' ? 'https://photos.example/a.jpg' : null,
    publishedAt: '2026-03-02',
    firstSeenAt: '2026-11-25T08:00:00.000Z',
    sources: [{ portal: 'bienici', portalId: id, url: null }],
    pricePerM2,
    median: { level: 'commune', label: 'Toulon', value: 3000, count: 200 },
    gap,
  };
  return { ...l, searchIds: ['s1'], isNew: true };
}

const asked: URLSearchParams[] = [];
beforeEach(() => {
  installMantineDomShims();
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://localhost');
      if (u.pathname !== '/api/listings/auto') return jsonResponse({ message: 'inconnu' }, 404);
      asked.push(u.searchParams);
      const page = Number(u.searchParams.get('page'));
      const body: AutoList = {
        searches: [{ id: 's1', name: 'Toulon', url: '/pro/carte_annonces?postcode=83000', error: null }],
        poolSize: 758,
        since: u.searchParams.has('since') ? null : SINCE,
        listings: page === 1 ? [listing('a', 2500, -0.02), listing('b', 2000, -0.3)] : [listing('c', 4000, 0.2)],
        total: 758,
        newCount: 12,
        page,
        pageSize: 50,
        sort: (u.searchParams.get('sort') ?? 'recent') as AutoList['sort'],
        order: (u.searchParams.get('order') ?? 'desc') as AutoList['order'],
      };
      return jsonResponse(body);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show() {
  render(
    <MantineProvider>
      <MemoryRouter>
        <AutoListTool />
      </MemoryRouter>
    </MantineProvider>,
  );
}

const titles = () => screen.getAllByTestId('annonce-auto').map((c) => within(c).getByRole('heading').textContent);

describe('AutoListTool', () => {
  it('says the total and the page, and asks the next page and another order within the same visit', async () => {
    show();
    const total = await screen.findByTestId('auto-total');
    expect(total.textContent).toBe('758\u00a0annonces, dont 12\u00a0nouvelles depuis votre dernière visite · page 1 sur 16');
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ page: '1', sort: 'recent', order: 'desc' });
    expect(screen.getAllByTestId('annonce-auto')[0]?.textContent).toContain('publiée le 02/03/2026');
    // The photo when the feed gives one, as decoration (the title says what it shows).
    const photos = screen.getAllByTestId('annonce-auto').map((c) => c.querySelector('img')?.getAttribute('src') ?? null);
    expect(photos).toEqual(['https://photos.example/a.jpg', null]);

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(titles()).toEqual(['Appartement c']));
    expect(Object.fromEntries(asked[1] ?? [])).toEqual({ page: '2', sort: 'recent', order: 'desc', since: SINCE });

    fireEvent.change(screen.getByLabelText('Trier par'), { target: { value: 'prix_m2:asc' } });
    await waitFor(() => expect(asked).toHaveLength(3));
    expect(Object.fromEntries(asked[2] ?? [])).toEqual({ page: '1', sort: 'prix_m2', order: 'asc', since: SINCE });
  });

  it('ranks the page shown by « bonne affaire » without asking the server again', async () => {
    show();
    await screen.findByTestId('auto-total');
    expect(titles()).toEqual(['Appartement a', 'Appartement b']);
    fireEvent.change(screen.getByLabelText('Trier par'), { target: { value: 'affaire' } });
    expect(titles()).toEqual(['Appartement b', 'Appartement a']);
    expect(screen.getByText(/Les annonces de cette page, de la plus en dessous de la médiane/)).toBeTruthy();
    expect(asked).toHaveLength(1);
  });
});
