/** The saved addresses' map credits the Base Adresse Nationale for the points it placed, and only those. */
import type { SavedAddress } from '@immoloupe/shared/saved-addresses/contracts';
import { describe, expect, it } from 'vitest';
import { ADDRESSES_CREDIT, creditsOf } from '~/features/map/attributions';
import { pointsOf, savedAddressLayers } from './saved-addresses-map';

const address = (id: string, placedByBan: boolean) => ({ id, lon: 2.48, lat: 48.9, watch: 'off', placedByBan }) as SavedAddress;

/** The layer that draws a point, as MapLibre's filter picks it (`['==', ['get', k], v]`, or its negation). */
function layerOf(point: { properties: Record<string, unknown> }) {
  return savedAddressLayers().find((l) => {
    const [op, inner] = l.filter as [string, unknown];
    const test = (op === '!' ? inner : l.filter) as [string, [string, string], unknown];
    const match = point.properties[test[1][1]] === test[2];
    return op === '!' ? !match : match;
  });
}

const creditsOfPoint = (point: { properties: Record<string, unknown> }) => creditsOf(layerOf(point) as { metadata?: unknown } | undefined);

describe('SavedAddressesMap', () => {
  it('draws a BAN address in the credited layer, a clicked point or a parcel in the other', () => {
    const [picked, clicked] = pointsOf([address('a', true), address('b', false)], null).features as unknown as {
      properties: Record<string, unknown>;
    }[];
    expect(creditsOfPoint(picked as never)).toEqual([ADDRESSES_CREDIT]);
    expect(creditsOfPoint(clicked as never)).toEqual([]);
    expect(layerOf(clicked as never)?.paint).toBe(layerOf(picked as never)?.paint);
  });
});
