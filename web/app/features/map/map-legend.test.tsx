/**
 * The legends say what the maps draw: the address map's point, parcel, radius, groups and €/m²
 * colours, and the search maps' rule that a group of DPE wears its worst class; the radius drawn is
 * the radius asked for.
 */

import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import distance from '@turf/distance';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clusterLegendEntries } from '~/features/zone/cluster-legend';
import { installMantineDomShims } from '~/test/mantine-dom';
import { CLUSTER_STEPS, PRICE_STOPS, radiusCircle, salesLayers } from './layers';
import { MapLegend } from './map-legend';
import { salesLegendEntries } from './sales-legend';

beforeAll(installMantineDomShims);
afterEach(cleanup);

const NB = '\u00a0';
const NNB = '\u202f';

function legend(entries: Parameters<typeof MapLegend>[0]['entries'], label: string) {
  render(
    <MantineProvider>
      <MapLegend entries={entries} label={label} />
    </MantineProvider>,
  );
  return within(screen.getByRole('list', { name: label }));
}

describe('map legends', () => {
  it('names every layer of the address map, with the radius asked for', () => {
    const l = legend(
      salesLegendEntries({ subject: 'Adresse analysée', parcel: 'Parcelle cadastrale', radius: `500${NB}m` }),
      'Légende de la carte de l’adresse',
    );
    expect(l.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Adresse analysée',
      'Parcelle cadastrale',
      `Rayon de 500${NB}m${NB}: ventes prises en compte`,
      `Groupe de ventes proches (moins de 20, 20 à 199, 200 et plus ventes)${NB}: cliquer pour zoomer`,
      `≤${NB}1${NNB}500${NB}€/m²3${NNB}000${NB}€/m²4${NNB}500${NB}€/m²6${NNB}000${NB}€/m²≥${NB}9${NNB}000${NB}€/m²Vente seule, couleur selon son prix au m²`,
    ]);
  });

  it('draws no point, parcel nor radius entry when the map has none', () => {
    expect(salesLegendEntries({}).map((e) => e.label)).toEqual([
      `Groupe de ventes proches (moins de 20, 20 à 199, 200 et plus ventes)${NB}: cliquer pour zoomer`,
      'Vente seule, couleur selon son prix au m²',
    ]);
  });

  it('takes its colours from the layers it explains', () => {
    const [groups, points] = salesLayers() as unknown as { paint: Record<string, unknown> }[];
    expect(groups?.paint['circle-color']).toEqual(['step', ['get', 'point_count'], '#74c0fc', 20, '#339af0', 200, '#1864ab']);
    expect(CLUSTER_STEPS.map((c) => c.color)).toEqual(['#74c0fc', '#339af0', '#1864ab']);
    expect(JSON.stringify(points?.paint['circle-color'])).toContain(JSON.stringify(PRICE_STOPS.flat()).slice(1, -1));
  });

  it('says that a group of DPE wears its worst energy class', () => {
    const l = legend(clusterLegendEntries('dpe'), 'Légende de la carte des DPE trouvés');
    const text = l.getAllByRole('listitem').map((li) => li.textContent);
    expect(text[0]).toBe('ABCDEFGÉtiquette énergie (un groupe prend la couleur de sa plus mauvaise étiquette)');
    expect(text[1]).toBe(`Nombre dans le cercle${NB}: DPE regroupés à cet endroit (cliquer pour zoomer)`);
    expect(clusterLegendEntries('copros')[0]?.label).toBe('Type de syndic');
  });

  it('draws the radius at the distance asked, all around the point', () => {
    const ring = radiusCircle(2.479688, 48.895901, 500).features[0]?.geometry as unknown as { coordinates: [number, number][][] };
    const points = ring.coordinates[0] ?? [];
    expect(points.length).toBe(65);
    for (const p of points) expect(distance([2.479688, 48.895901], p, { units: 'meters' })).toBeCloseTo(500, 0);
  });
});
