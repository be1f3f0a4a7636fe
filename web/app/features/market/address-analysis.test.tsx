/** « Analyse d’adresse »: a map click’s late reverse geocoding neither brings back an older point, nor replaces the address being typed, nor the radius chosen since. */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { AddressAnalysisTool } from './address-analysis';

type Click = (e: { point: { x: number; y: number }; lngLat: { lng: number; lat: number } }) => void;

// MapLibre has no canvas in jsdom: a stand-in map hands the page's click handler to the test.
const fake = vi.hoisted(() => ({ click: null as Click | null }));
vi.mock('~/features/map/map-view', async () => {
  const { useEffect } = await import('react');
  const map = {
    addSource: () => undefined,
    addLayer: () => undefined,
    getSource: () => undefined,
    fitBounds: () => undefined,
    easeTo: () => undefined,
    getZoom: () => 16,
    queryRenderedFeatures: () => [],
    on: (type: string, handler: Click) => {
      if (type === 'click') fake.click = handler;
    },
  };
  return {
    MapView: ({ onReady }: { onReady: (m: unknown, lib: unknown) => void }) => {
      // Like the real map, ready once, after the first render.
      useEffect(() => onReady(map, {}), []);
      return null;
    },
  };
});

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fake.click = null;
});

const A = { lng: 2.47, lat: 48.89, label: '1 Rue de la Gare 93140 Bondy' };
const B = { lng: 2.48, lat: 48.9, label: '2 Avenue Carnot 93140 Bondy' };

/** Answers GET /api/reverse for a point when `answer(point)` is called; records the analyses asked for. */
function serve() {
  const pending = new Map<number, () => void>();
  const analyses: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://localhost');
      if (u.pathname === '/api/reverse') {
        const point = [A, B].find((p) => p.lat === Number(u.searchParams.get('lat')));
        if (!point) return json({ results: [] });
        await new Promise<void>((resolve) => pending.set(point.lat, resolve));
        return json({ results: [{ type: 'adresse', label: point.label }] });
      }
      if (u.pathname === '/api/market/address') {
        analyses.push(`${u.searchParams.get('lat')},${u.searchParams.get('lon')} ${u.searchParams.get('radius')}`);
        // The analysis itself is not what is tested: it never answers.
        return new Promise<Response>(() => undefined);
      }
      if (u.pathname === '/api/geocode') return json({ results: [] });
      return json({ message: 'inconnu' }, 404);
    }),
  );
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/pro/analyseadresse']}>
        <AddressAnalysisTool />
      </MemoryRouter>
    </MantineProvider>,
  );
  const answer = async (p: { lat: number }) => {
    await waitFor(() => expect(pending.has(p.lat)).toBe(true));
    await act(async () => pending.get(p.lat)?.());
  };
  return { answer, analyses };
}

const click = (p: { lng: number; lat: number }) => act(() => fake.click?.({ point: { x: 0, y: 0 }, lngLat: { lng: p.lng, lat: p.lat } }));
const addressInput = () => screen.getByRole('combobox', { name: 'Adresse' }) as HTMLInputElement;

describe('AddressAnalysisTool', () => {
  it('analyses the point clicked last, even when an earlier click is answered after it', async () => {
    const { answer, analyses } = serve();
    await waitFor(() => expect(fake.click).not.toBeNull());

    click(A);
    click(B);
    await answer(B);
    await waitFor(() => expect(addressInput().value).toBe(B.label));
    await answer(A);

    // Give a late URL change the time to show.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(addressInput().value).toBe(B.label);
    expect(analyses).toEqual(['48.900000,2.480000 500']);
  });

  it('keeps the address being typed when a click made before is answered', async () => {
    const { answer, analyses } = serve();
    await waitFor(() => expect(fake.click).not.toBeNull());

    click(A);
    fireEvent.change(addressInput(), { target: { value: '139 avenue' } });
    await answer(A);

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(addressInput().value).toBe('139 avenue');
    expect(analyses).toEqual([]);
  });

  it('analyses a clicked point within the radius chosen since the map was ready', async () => {
    const { answer, analyses } = serve();
    await waitFor(() => expect(fake.click).not.toBeNull());

    fireEvent.click(screen.getByLabelText('Rayon des ventes voisines', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: '1\u00a0km', hidden: true }));
    click(A);
    await answer(A);

    await waitFor(() => expect(analyses).toEqual(['48.890000,2.470000 1000']));
  });
});
