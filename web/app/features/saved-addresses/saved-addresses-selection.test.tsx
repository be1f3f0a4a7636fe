/**
 * Mes adresses: the map and the cards choose each other. A point clicked chooses its card and
 * brings it into view; a card clicked chooses it and centres the map on its address.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { SavedAddressesPage } from './saved-addresses-page';

type Handler = (e: { features?: { properties: Record<string, unknown> }[] }) => void;
const handlers = new Map<string, Handler>();
const eased: unknown[] = [];
/** A stand-in for MapLibre: every call is accepted, the click handlers by layer and the moves are kept. */
const fakeMap = new Proxy(
  {
    on: (event: string, layer: string | Handler, handler?: Handler) => {
      if (typeof layer === 'string' && handler) handlers.set(`${event}:${layer}`, handler);
    },
    easeTo: (options: unknown) => eased.push(options),
    getSource: () => undefined,
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

const address = (id: string, label: string, lon: number, lat: number) => ({
  id,
  label,
  address: label,
  lon,
  lat,
  insee: '93010',
  idParcelle: null,
  placedByBan: true,
  notes: '',
  tags: [],
  watch: 'off',
  watchRadiusM: 500,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});
const ITEMS = [
  address('11111111-1111-4111-8111-111111111111', '139 Avenue Carnot 93140 Bondy', 2.4904, 48.9006),
  address('22222222-2222-4222-8222-222222222222', '12 Rue Jules Guesde 93140 Bondy', 2.48, 48.9),
];

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
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path === '/api/addresses/saved') return json({ items: ITEMS, max: 200, tags: [] });
      if (path === '/api/alerts/status') return json({ mailConfigured: true, message: null });
      return json({ message: 'inconnu' }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show() {
  const router = createMemoryRouter([{ path: '/pro/mesadresses', element: <SavedAddressesPage /> }], {
    initialEntries: ['/pro/mesadresses'],
  });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const card = (label: string) => screen.getByRole('article', { name: label });

describe('SavedAddressesPage', () => {
  it('chooses the card of a point clicked and brings it into view', async () => {
    show();
    await screen.findByRole('article', { name: '12 Rue Jules Guesde 93140 Bondy' });
    await waitFor(() => expect(handlers.size).toBeGreaterThan(0));
    const click = [...handlers.values()][0];
    click?.({ features: [{ properties: { id: ITEMS[1]?.id } }] });
    await waitFor(() => expect(card('12 Rue Jules Guesde 93140 Bondy').getAttribute('data-selected')).toBe('true'));
    expect(card('139 Avenue Carnot 93140 Bondy').getAttribute('data-selected')).toBeNull();
    await waitFor(() => expect(scrolled).toEqual([ITEMS[1]?.id]));
    // Chosen on the map, the map stays where it is.
    expect(eased).toEqual([]);
  });

  it('centres the map on the address of a card clicked', async () => {
    show();
    fireEvent.click(await screen.findByRole('article', { name: '139 Avenue Carnot 93140 Bondy' }));
    await waitFor(() => expect(card('139 Avenue Carnot 93140 Bondy').getAttribute('data-selected')).toBe('true'));
    expect(eased).toEqual([{ center: [2.4904, 48.9006] }]);
  });
});
