/**
 * The map names exactly the sources it draws: a source of our offline base only where the view
 * holds it, a page's layer only while it draws something; and it says so where the base has
 * nothing to draw (outside the imported départements) instead of a silent grey. MapLibre is
 * replaced by a stand-in (no WebGL in jsdom) that records its layers and attribution controls.
 */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMantineDomShims, jsonResponse } from '~/test/mantine-dom';
import { CADASTRE_CREDIT, creditsOf, SALES_CREDIT, STREET_NAMES_CREDIT } from './attributions';
import { EMPTY_BASEMAP_NOTICE } from './basemap';
import { PARCELS_SOURCE, parcelLayers, SALES_SOURCE, SALES_TILE_LAYER, salesLayers, salesTileSource } from './layers';
import { MapView } from './map-view';

type Handler = () => void;
type View = { bounds: [number, number, number, number]; zoom: number };
type FakeLayer = { id: string; metadata?: unknown; minzoom?: number };

class FakeAttributionControl {
  constructor(readonly options: { customAttribution?: string[] }) {}
}

class FakeMap {
  static last: FakeMap | null = null;
  view: View = { bounds: [2.47, 48.89, 2.5, 48.91], zoom: 15 };
  controls: unknown[] = [];
  handlers = new Map<string, Handler[]>();
  layers: FakeLayer[] = [];
  /** Layers with features in the view; every layer when null. */
  drawn: Set<string> | null = null;
  constructor(readonly options: { attributionControl?: unknown }) {
    FakeMap.last = this;
  }
  on(event: string, fn: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  once(event: string, fn: Handler) {
    return this.on(event, fn);
  }
  fire(event: string) {
    for (const fn of this.handlers.get(event) ?? []) fn();
  }
  addControl(c: unknown) {
    this.controls.push(c);
    return this;
  }
  removeControl(c: unknown) {
    this.controls = this.controls.filter((x) => x !== c);
    return this;
  }
  getBounds() {
    const [w, s, e, n] = this.view.bounds;
    return { getWest: () => w, getSouth: () => s, getEast: () => e, getNorth: () => n };
  }
  getZoom() {
    return this.view.zoom;
  }
  getCenter() {
    return { lng: 0, lat: 0 };
  }
  getLayersOrder() {
    return this.layers.map((l) => l.id);
  }
  getLayer(id: string) {
    const layer = this.layers.find((l) => l.id === id);
    return layer && { ...layer, isHidden: (zoom: number) => zoom < (layer.minzoom ?? 0) };
  }
  queryRenderedFeatures(options?: { layers?: string[] }) {
    return (options?.layers ?? [])
      .filter((id) => this.drawn === null || this.drawn.has(id))
      .map((id) => ({ layer: { id }, properties: {} }));
  }
  addSource() {}
  addLayer(layer: FakeLayer) {
    this.layers.push(layer);
  }
  fitBounds() {}
  remove() {}
  /** The attribution lines shown now, beside MapLibre's own sources'. */
  attributions(): string[] {
    const controls = this.controls.filter((c): c is FakeAttributionControl => c instanceof FakeAttributionControl);
    expect(controls).toHaveLength(1);
    return controls[0]?.options.customAttribution ?? [];
  }
}

vi.mock('./maplibre.client', () => ({
  maplibregl: { Map: FakeMap, AttributionControl: FakeAttributionControl, NavigationControl: class {} },
}));
vi.mock('./font.client', () => ({ fontUrl: '/assets/noto.woff2' }));

/** What the server holds: Bondy's cadastre and BAN, nothing elsewhere (here: a view whose west edge is not near Bondy). */
function coverageAt(url: string) {
  const [w] = (new URL(url, 'http://localhost').searchParams.get('bbox') ?? '').split(',').map(Number);
  const inBondy = (w ?? 0) > 2.4 && (w ?? 0) < 2.6;
  return { cadastre: inBondy, ban: inBondy };
}

beforeAll(installMantineDomShims);
beforeEach(() => {
  FakeMap.last = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) =>
      input.startsWith('/api/tiles/base/coverage') ? jsonResponse(coverageAt(input)) : jsonResponse({}, 404),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderMap(onReady: (map: MapLibreMap) => void = () => undefined) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ publicConfig: { mapStyleUrl: null } }),
        element: (
          <MantineProvider>
            <MapView center={[2.48, 48.9]} zoom={15} label="Carte de test" onReady={onReady} />
          </MantineProvider>
        ),
      },
    ],
    { initialEntries: ['/'], hydrationData: { loaderData: { root: { publicConfig: { mapStyleUrl: null } } } } },
  );
  render(<RouterProvider router={router} />);
}

async function mapCreated(): Promise<FakeMap> {
  await waitFor(() => expect(FakeMap.last).not.toBeNull());
  return FakeMap.last as FakeMap;
}

describe('MapView on our offline base', () => {
  it('names the cadastre and the BAN where the view holds them, nothing and a notice elsewhere', async () => {
    renderMap();
    const map = await mapCreated();
    // No fixed attribution of MapLibre's own: ours follows the view.
    expect(map.options.attributionControl).toBe(false);
    await waitFor(() => expect(map.attributions()).toEqual([`${CADASTRE_CREDIT} · ${STREET_NAMES_CREDIT} · Licence Ouverte 2.0`]));
    expect(screen.queryByText(EMPTY_BASEMAP_NOTICE)).toBeNull();

    // Zoomed out: street names are no longer drawn, so the BAN is no longer named.
    map.view = { bounds: [2.42, 48.8, 2.6, 49], zoom: 12 };
    act(() => map.fire('moveend'));
    await waitFor(() => expect(map.attributions()).toEqual([`${CADASTRE_CREDIT} · Licence Ouverte 2.0`]));

    // Lyon, outside any imported data: no source named, a notice instead of a silent grey.
    map.view = { bounds: [4.8, 45.72, 4.88, 45.79], zoom: 14 };
    act(() => map.fire('moveend'));
    expect((await screen.findByRole('status')).textContent).toBe(EMPTY_BASEMAP_NOTICE);
    expect(map.attributions()).toEqual([]);

    // Back to Bondy: the notice goes.
    map.view = { bounds: [2.47, 48.89, 2.5, 48.91], zoom: 15 };
    act(() => map.fire('moveend'));
    await waitFor(() => expect(screen.queryByText(EMPTY_BASEMAP_NOTICE)).toBeNull());
    expect(map.attributions()[0]).toContain(CADASTRE_CREDIT);
  });

  it('credits the sales alone on a sales map, the cadastre only where parcels or sections are drawn', async () => {
    renderMap((m) => {
      m.addSource(SALES_SOURCE, salesTileSource('http://localhost', 'insee=64260'));
      for (const l of salesLayers(SALES_SOURCE, true, SALES_TILE_LAYER)) m.addLayer(l as never);
      // The selected sale's parcels: a layer that draws nothing until a sale is selected.
      for (const l of parcelLayers()) m.addLayer({ ...l, source: PARCELS_SOURCE } as never);
    });
    const map = await mapCreated();
    // Hendaye: sales, no cadastre imported there.
    map.view = { bounds: [-1.79, 43.35, -1.74, 43.38], zoom: 13 };
    map.drawn = new Set(['ventes-groupes', 'ventes-groupes-nombre']);
    act(() => {
      map.fire('load');
      map.fire('moveend');
      map.fire('idle');
    });
    await waitFor(() => expect(map.attributions()).toEqual([`${SALES_CREDIT} · Licence Ouverte 2.0`]));
    expect(map.layers.filter((l) => creditsOf(l).includes(CADASTRE_CREDIT))).toHaveLength(2);

    // A sale selected: its parcels are drawn, from the cadastre.
    map.drawn = null;
    act(() => map.fire('idle'));
    await waitFor(() => expect(map.attributions()).toEqual([`${SALES_CREDIT} · ${CADASTRE_CREDIT} · Licence Ouverte 2.0`]));

    // Nothing selected, in Bondy: our base draws the parcels and the street names there.
    map.drawn = new Set(['ventes-points']);
    map.view = { bounds: [2.47, 48.89, 2.5, 48.91], zoom: 15 };
    act(() => {
      map.fire('moveend');
      map.fire('idle');
    });
    await waitFor(() =>
      expect(map.attributions()).toEqual([`${SALES_CREDIT} · ${CADASTRE_CREDIT} · ${STREET_NAMES_CREDIT} · Licence Ouverte 2.0`]),
    );
  });
});
