/**
 * « Analyse d’adresse »: a map click’s late reverse geocoding neither brings back an older point, nor
 * replaces the address being typed, nor the radius chosen since; the map credits the BAN for the
 * point only when the BAN placed it.
 */

import { MantineProvider } from '@mantine/core';
import { type FilterSpecification, featureFilter } from '@maplibre/maplibre-gl-style-spec';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADDRESSES_CREDIT, creditsOf } from '~/features/map/attributions';
import { SUBJECT_SOURCE } from '~/features/map/layers';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { AddressAnalysisTool } from './address-analysis';

type Click = (e: { point: { x: number; y: number }; lngLat: { lng: number; lat: number } }) => void;
type Layer = { id: string; source: string; filter?: FilterSpecification; metadata?: unknown };
type Features = { features: { properties: Record<string, unknown> }[] };

// MapLibre has no canvas in jsdom: a stand-in map hands the page's click handler to the test and
// keeps the layers and the data the page gives it.
const fake = vi.hoisted(() => ({ click: null as Click | null, layers: [] as Layer[], data: new Map<string, unknown>() }));
vi.mock('~/features/map/map-view', async () => {
  const { useEffect } = await import('react');
  const map = {
    addSource: (id: string, spec: { data?: unknown }) => fake.data.set(id, spec.data),
    addLayer: (layer: Layer) => fake.layers.push(layer),
    getSource: (id: string) => (fake.data.has(id) ? { setData: (d: unknown) => fake.data.set(id, d) } : undefined),
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
  fake.layers = [];
  fake.data.clear();
});

const A = { lng: 2.47, lat: 48.89, label: '1 Rue de la Gare 93140 Bondy' };
const B = { lng: 2.48, lat: 48.9, label: '2 Avenue Carnot 93140 Bondy' };

/** The analysis of a point where nothing is imported: the point, all the map is asked to draw here. */
function analysisAt(lat: number, lon: number) {
  const period = { from: '2021-11-01', to: '2026-10-31' };
  return {
    point: { lat, lon },
    parcel: null,
    parcelSales: [],
    radius: 500,
    nearby: { total: 0, items: [] },
    period,
    trendPeriod: period,
    commune: null,
    communeStats: [],
    radiusStats: [],
    trend: [],
    dpe: [],
    copros: [],
    freshness: { lastMutationDate: null, sources: [] },
  };
}

/**
 * Answers GET /api/reverse for a point when `answer(point)` is called; records the analyses asked
 * for, answered only for the latitudes `analysed` says; `geocode`: the suggestions of the address field.
 */
function serve({ analysed = () => false, geocode = [] }: { analysed?: (lat: number) => boolean; geocode?: object[] } = {}) {
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
        const lat = Number(u.searchParams.get('lat'));
        if (analysed(lat)) return json(analysisAt(lat, Number(u.searchParams.get('lon'))));
        // The analysis itself is not what is tested: it never answers.
        return new Promise<Response>(() => undefined);
      }
      if (u.pathname === '/api/geocode') return json({ results: geocode });
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

/**
 * What the map credits for the analysed point: the credits of the point's layers that draw a feature
 * of its data, as MapView names the layers with a feature rendered (basemap-coverage.ts).
 */
function pointCredits(): string[] {
  const features = (fake.data.get(SUBJECT_SOURCE) as Features | undefined)?.features ?? [];
  return fake.layers
    .filter((l) => l.source === SUBJECT_SOURCE)
    .filter((l) => features.some((f) => featureFilter(l.filter, 'filter').filter({ zoom: 16 }, { type: 1, properties: f.properties })))
    .flatMap((l) => creditsOf(l));
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

  it('credits nothing for a point clicked on the map, though the BAN names the address there', async () => {
    const { answer, analyses } = serve({ analysed: () => true });
    await waitFor(() => expect(fake.click).not.toBeNull());

    click(A);
    await answer(A);

    await waitFor(() => expect(analyses).toEqual(['48.890000,2.470000 500']));
    await waitFor(() => expect((fake.data.get(SUBJECT_SOURCE) as Features).features).toHaveLength(1));
    expect(pointCredits()).toEqual([]);
  });

  const BAN_ADDRESS = {
    type: 'adresse',
    label: '139 Avenue Carnot, 93140 Bondy',
    lon: 2.4828,
    lat: 48.9023,
    address: { codeInsee: '93010' },
    commune: { code: '93010' },
    parcel: { id: '93010000AS0167' },
  };
  // A parcel is placed at its centroid, computed from the cadastre: the BAN has no part in it.
  const PARCEL = { ...BAN_ADDRESS, type: 'parcelle', label: 'Parcelle AS 167, Bondy', lon: 2.4829, lat: 48.9022, address: null };

  it.each([
    ['an address of the BAN', BAN_ADDRESS, [ADDRESSES_CREDIT]],
    ['a parcel', PARCEL, []],
  ])('credits the BAN for %s picked in the field only when the BAN placed it', async (_, suggestion, credits) => {
    const { analyses } = serve({ analysed: () => true, geocode: [suggestion] });
    await waitFor(() => expect(fake.click).not.toBeNull());

    fireEvent.focus(addressInput());
    fireEvent.change(addressInput(), { target: { value: 'bondy 139 carnot' } });
    fireEvent.click(await screen.findByRole('option', { name: suggestion.label, hidden: true }, { timeout: 3000 }));

    await waitFor(() => expect(analyses).toEqual([`${suggestion.lat},${suggestion.lon} 500`]));
    await waitFor(() => expect((fake.data.get(SUBJECT_SOURCE) as Features).features).toHaveLength(1));
    expect(pointCredits()).toEqual(credits);
  });

  it('keeps the credit of the point shown while the address picked next is analysed', async () => {
    const { answer, analyses } = serve({ analysed: (lat) => lat === A.lat, geocode: [BAN_ADDRESS] });
    await waitFor(() => expect(fake.click).not.toBeNull());
    click(A);
    await answer(A);
    await waitFor(() => expect((fake.data.get(SUBJECT_SOURCE) as Features).features).toHaveLength(1));

    fireEvent.focus(addressInput());
    fireEvent.change(addressInput(), { target: { value: 'bondy 139 carnot' } });
    fireEvent.click(await screen.findByRole('option', { name: BAN_ADDRESS.label, hidden: true }, { timeout: 3000 }));
    await waitFor(() => expect(analyses).toHaveLength(2));

    // Still the clicked point on the map, until the address is analysed: not the BAN's.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((fake.data.get(SUBJECT_SOURCE) as Features).features).toHaveLength(1);
    expect(pointCredits()).toEqual([]);
  });
});
