// @vitest-environment node
/**
 * The saved addresses' map credits the Base Adresse Nationale for the points it placed, and only
 * those, and draws the selected one on top.
 */
import type { SavedAddress } from '@immoloupe/shared/saved-addresses/contracts';
import { type FilterSpecification, featureFilter } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { ADDRESSES_CREDIT, creditsOf } from '~/features/map/attributions';
import { pointsOf, savedAddressLayers } from './saved-addresses-map';

const address = (id: string, placedByBan: boolean) => ({ id, lon: 2.48, lat: 48.9, watch: 'off', placedByBan }) as SavedAddress;

/** The layers that draw a point, as MapLibre's filters pick them, with their credits. */
const drawing = (properties: Record<string, unknown>) =>
  savedAddressLayers()
    .filter((l) => featureFilter(l.filter as FilterSpecification, 'filter').filter({ zoom: 15 }, { type: 1, properties }))
    .map((l) => [l.id, creditsOf(l as { metadata?: unknown })]);

describe('SavedAddressesMap', () => {
  it('draws a BAN address in the credited layer, a clicked point or a parcel in the other, alike', () => {
    const [picked, clicked] = pointsOf([address('a', true), address('b', false)], null).features.map((f) => f.properties ?? {});
    expect(drawing(picked as Record<string, unknown>)).toEqual([['mes-adresses-ban', [ADDRESSES_CREDIT]]]);
    expect(drawing(clicked as Record<string, unknown>)).toEqual([['mes-adresses-points', []]]);
    const [ban, other, selected] = savedAddressLayers();
    expect(other?.paint).toBe(ban?.paint);
    expect(selected?.paint).toBe(ban?.paint);
  });

  it('draws the selected address once more above both layers, whichever credits it', () => {
    const [picked, clicked] = pointsOf([address('a', true), address('b', false)], 'a').features.map((f) => f.properties ?? {});
    expect(drawing(picked as Record<string, unknown>)).toEqual([
      ['mes-adresses-ban', [ADDRESSES_CREDIT]],
      ['mes-adresses-choisie', []],
    ]);
    expect(drawing(clicked as Record<string, unknown>)).toEqual([['mes-adresses-points', []]]);
    const selectedNotBan = pointsOf([address('b', false)], 'b').features[0]?.properties ?? {};
    expect(drawing(selectedNotBan)).toEqual([
      ['mes-adresses-points', []],
      ['mes-adresses-choisie', []],
    ]);
    expect(savedAddressLayers().at(-1)?.id).toBe('mes-adresses-choisie');
  });
});
