/**
 * The parcel search's map draws the PLU zones of the parcels' area under the parcels, in the CNIG
 * colours (U red, AU light red or salmon, A yellow, N green), and its legend names the zone types
 * drawn; without parcels it asks for no zone.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CNIG_ZONE_COLORS, cnigZoneKey, ZONING_LAYERS } from '~/features/urbanism/zoning-layer.logic';
import { installMantineDomShims, jsonResponse as json } from '~/test/mantine-dom';
import { ParcelSearchMap } from './parcel-search-map';

/** A stand-in map: the layers in the order added, and each source's last data. */
const fake = { layers: [] as string[], data: new Map<string, unknown>() };
vi.mock('~/features/map/map-view', () => ({
  MapView: ({ onReady }: { onReady: (m: unknown) => void }) => {
    const source = (id: string) => ({ setData: (d: unknown) => fake.data.set(id, d) });
    onReady({
      addSource: (id: string, s: { data: unknown }) => fake.data.set(id, s.data),
      addLayer: (l: { id: string }) => fake.layers.push(l.id),
      getSource: (id: string) => (fake.data.has(id) ? source(id) : undefined),
    });
    return null;
  },
}));

beforeAll(installMantineDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fake.layers = [];
  fake.data.clear();
});

const zone = (typezone: string, libelle: string) => ({
  type: 'Feature',
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [2.48, 48.9],
        [2.49, 48.9],
        [2.49, 48.91],
        [2.48, 48.9],
      ],
    ],
  },
  properties: { typezone, libelle, libelong: null, idurba: '200057875_PLUI_20250624' },
});

describe('ParcelSearchMap zoning', () => {
  it('draws the zones of the parcels’ area under the page’s layers, and names their types in the legend', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (u: string) => {
        calls.push(String(u));
        return json({ type: 'FeatureCollection', features: [zone('U', 'UC48C16'), zone('N', 'N1')], truncated: false });
      }),
    );
    render(
      <MantineProvider>
        <ParcelSearchMap
          zoningArea={[2.4801, 48.9003, 2.4905, 48.9104]}
          onReady={(m) => m.addLayer({ id: 'recherche-parcelles-fond' } as never)}
        />
      </MantineProvider>,
    );
    expect(fake.layers).toEqual(['zonage-plu-fond', 'zonage-plu-contour', 'recherche-parcelles-fond']);
    // The box widened to the next thousandth of a degree.
    expect(calls).toEqual(['/api/urbanisme/zones?bbox=2.48,48.9,2.491,48.911']);
    const legend = within(screen.getByRole('list', { name: 'Légende de la carte des parcelles trouvées' }));
    await waitFor(() => expect(legend.getByText(/^Zonage du PLU\s: U — zone urbaine$/)).toBeTruthy());
    expect(legend.getByText(/^Zonage du PLU\s: N — zone naturelle et forestière$/)).toBeTruthy();
    expect(legend.queryByText(/zone agricole/)).toBeNull();
    const drawn = fake.data.get('zonage-plu') as { features: { properties: { cnig: string; libelle: string } }[] };
    expect(drawn.features.map((f) => [f.properties.libelle, f.properties.cnig])).toEqual([
      ['UC48C16', 'U'],
      ['N1', 'N'],
    ]);
  });

  it('asks for no zone without parcels found', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(
      <MantineProvider>
        <ParcelSearchMap onReady={() => undefined} />
      </MantineProvider>,
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByText(/Zonage du PLU/)).toBeNull();
  });
});

describe('CNIG zone colours', () => {
  it('gives each zone type the standard’s colour, an unknown one a grey', () => {
    expect([['U'], ['AUc'], ['AU'], ['AUs'], ['A'], ['Ah'], ['N'], ['Nzh'], ['ZZ']].map(([t]) => cnigZoneKey(t as string))).toEqual([
      'U',
      'AUc',
      'AUc',
      'AUs',
      'A',
      'A',
      'N',
      'N',
      null,
    ]);
    expect(CNIG_ZONE_COLORS.U.fill).toBe('#e60000');
    expect(CNIG_ZONE_COLORS.A.fill).toBe('#ffff00');
    expect(CNIG_ZONE_COLORS.N.fill).toBe('#56aa02');
    const fill = ZONING_LAYERS[0]?.paint as Record<string, unknown>;
    expect(fill['fill-color']).toEqual([
      'match',
      ['get', 'cnig'],
      'U',
      '#e60000',
      'AUc',
      '#ff6565',
      'AUs',
      '#fecdbe',
      'A',
      '#ffff00',
      'N',
      '#56aa02',
      '#868e96',
    ]);
  });
});
