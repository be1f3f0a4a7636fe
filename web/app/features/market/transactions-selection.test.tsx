/**
 * The transactions map and its rows choose each other: a sale's marker clicked highlights its row
 * and brings it into view; a row clicked highlights it and centres the map on its sale.
 */
import type { Transaction } from '@immoloupe/shared/market/transactions-contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { TransactionsTool } from './transactions-tool';

type Handler = (e: { features?: { properties: Record<string, unknown> }[] }) => void;
const handlers = new Map<string, Handler>();
const eased: unknown[] = [];
/** A stand-in for MapLibre: every call is accepted, the click handlers by layer and the moves are kept. */
const fakeMap = new Proxy(
  {
    on: (event: string, layerOrHandler: string | Handler, handler?: Handler) => {
      if (typeof layerOrHandler === 'string' && handler) handlers.set(`${event}:${layerOrHandler}`, handler);
    },
    easeTo: (options: unknown) => eased.push(options),
    getSource: () => undefined,
    getLayer: () => undefined,
  },
  { get: (target, key) => (key in target ? target[key as keyof typeof target] : () => undefined) },
);

vi.mock('~/features/map/map-view', async () => {
  const { useEffect } = await import('react');
  return {
    MapView: ({ onReady }: { onReady?: (m: unknown) => void }) => {
      // Once, as MapLibre's load event: the page gives a new callback on every render.
      // biome-ignore lint/correctness/useExhaustiveDependencies: called once, like the real map.
      useEffect(() => onReady?.(fakeMap), []);
      return null;
    },
  };
});

const sale = (id: string, address: string, lon: number, lat: number): Transaction => ({
  id,
  date: '2022-03-14',
  nature: 'Vente',
  price: 180_000,
  address,
  codePostal: '93140',
  commune: 'Bondy',
  insee: '93010',
  types: ['appartement'],
  surface: 30,
  rooms: 1,
  pricePerM2: 6000,
  landSurface: null,
  nbLocaux: 1,
  single: true,
  outlier: false,
  idParcelle: '93010000AS0167',
  lon,
  lat,
});
const SALES = [sale('2022-1', '12 Rue Jules Guesde', 2.48, 48.9), sale('2022-2', '3 Avenue Carnot', 2.49, 48.91)];

let scrolled: string[] = [];
beforeEach(() => {
  installMantineDomShims();
  handlers.clear();
  eased.length = 0;
  scrolled = [];
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.getAttribute('data-result-id') ?? '');
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      new URL(url, 'http://localhost').pathname === '/api/transactions'
        ? json({ total: 2, page: 1, pageSize: 50, items: SALES, bounds: null, newest: '2022-03-14' })
        : json({ message: 'inconnu' }, 404),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show() {
  const router = createMemoryRouter([{ path: '/pro/transactions', element: <TransactionsTool /> }], {
    initialEntries: ['/pro/transactions?lieu=commune&insee=93010'],
  });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const rowOf = (address: string) => screen.getByText(address).closest('[data-result-id]') as HTMLElement;

describe('TransactionsTool', () => {
  it('highlights the row of a marker clicked and brings it into view', async () => {
    show();
    await screen.findByText('3 Avenue Carnot');
    await waitFor(() => expect(handlers.has('click:ventes-points')).toBe(true));
    handlers.get('click:ventes-points')?.({ features: [{ properties: { id: '2022-2' } }] });
    await waitFor(() => expect(rowOf('3 Avenue Carnot').getAttribute('data-selected')).toBe('true'));
    expect(rowOf('12 Rue Jules Guesde').getAttribute('data-selected')).toBeNull();
    await waitFor(() => expect(scrolled).toEqual(['2022-2']));
  });

  it('centres the map on the sale of a row clicked, and highlights the row', async () => {
    show();
    fireEvent.click(await screen.findByText('12 Rue Jules Guesde'));
    await waitFor(() => expect(rowOf('12 Rue Jules Guesde').getAttribute('data-selected')).toBe('true'));
    // The address is the row's own button too: one click may choose twice, always the same sale.
    expect(eased.length).toBeGreaterThan(0);
    for (const e of eased) expect(e).toEqual({ center: [2.48, 48.9] });
  });
});
