import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkZoneQuery,
  parsePolygonParam,
  searchQuerySchemas,
  territoryInputSchema,
  type ZoneQuery,
  zoneQueryFields,
  zoneQueryOf,
  zoneToParams,
} from './contracts.js';
import { validateZoneGeometry } from './territory.logic.js';

const schema = z.object(zoneQueryFields).superRefine((q, ctx) => checkZoneQuery(q, ctx, validateZoneGeometry));

function zoneOfQuery(query: Record<string, string>) {
  const r = schema.safeParse(query);
  if (!r.success) return r.error.issues.map((i) => i.message);
  return zoneQueryOf(r.data);
}

describe('zone query', () => {
  it('reads each kind of zone', () => {
    expect(zoneOfQuery({ insee: '75118, 93010,75118' })).toEqual({ kind: 'communes', insee: ['75118', '93010'] });
    expect(zoneOfQuery({ postcode: '75018' })).toEqual({ kind: 'postcodes', postcodes: ['75018'] });
    expect(zoneOfQuery({ lat: '48.89', lon: '2.35', radius: '500' })).toEqual({ kind: 'radius', lat: 48.89, lon: 2.35, radius: 500 });
    expect(zoneOfQuery({ zone: 'mine' })).toEqual({ kind: 'mine' });
    expect(zoneOfQuery({})).toBeNull();
  });

  it('reads a compact ring (closing it) and a GeoJSON geometry or feature', () => {
    const ring = [
      [2.33, 48.88],
      [2.35, 48.88],
      [2.35, 48.9],
      [2.33, 48.88],
    ];
    expect(zoneOfQuery({ polygon: '2.33 48.88,2.35 48.88,2.35 48.9' })).toEqual({
      kind: 'polygon',
      geometry: { type: 'Polygon', coordinates: [ring] },
    });
    const geometry = { type: 'Polygon', coordinates: [ring] };
    expect(zoneOfQuery({ polygon: JSON.stringify(geometry) })).toEqual({ kind: 'polygon', geometry });
    expect(zoneOfQuery({ polygon: JSON.stringify({ type: 'Feature', properties: {}, geometry }) })).toEqual({ kind: 'polygon', geometry });
  });

  it('says in French what is wrong', () => {
    expect(zoneOfQuery({ insee: '75118', postcode: '75018' })).toEqual([
      'Une seule zone à la fois : commune, code postal, rayon, zone dessinée ou ma zone.',
    ]);
    expect(zoneOfQuery({ lat: '48.89', lon: '2.35' })).toEqual(['Un rayon demande lat, lon et radius.']);
    expect(zoneOfQuery({ postcode: '7501' })).toEqual(['Code postal invalide (5 chiffres, ex. 75018).']);
    expect(zoneOfQuery({ zone: 'all' })).toEqual(['zone : seule la valeur « mine » (ma zone) est possible.']);
    expect(zoneOfQuery({ polygon: '{pas du json' })).toEqual(['Géométrie attendue : Polygon ou MultiPolygon GeoJSON.']);
    expect(zoneOfQuery({ polygon: '2.3 48.8,2.4 48.9,2.4 48.8,2.3 48.9' })).toEqual([
      'Le contour se recoupe : dessinez une zone dont les bords ne se croisent pas.',
    ]);
  });

  it('round-trips through query parameters', () => {
    for (const zone of [
      { kind: 'communes', insee: ['75118'] },
      { kind: 'postcodes', postcodes: ['75018', '75017'] },
      { kind: 'radius', lat: 48.89, lon: 2.35, radius: 800 },
      { kind: 'mine' },
    ] satisfies ZoneQuery[])
      expect(zoneOfQuery(zoneToParams(zone))).toEqual(zone);
    expect(parsePolygonParam('')).toBeUndefined();
  });
});

describe('territory input', () => {
  it('needs a drawing or at least one commune', () => {
    expect(territoryInputSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'Dessinez une zone sur la carte ou choisissez au moins une commune.',
    );
    expect(territoryInputSchema.parse({ communes: ['75118', '75118'] })).toEqual({ geometry: null, communes: ['75118'] });
  });
});

describe('searchQuerySchemas', () => {
  const fields = { ...zoneQueryFields, lotsMin: z.coerce.number().optional(), lotsMax: z.coerce.number().optional() };
  const { filter, list, cluster } = searchQuerySchemas(
    fields,
    (q, ctx) => {
      checkZoneQuery(q, ctx, validateZoneGeometry);
      if (q.lotsMin !== undefined && q.lotsMax !== undefined && q.lotsMin > q.lotsMax)
        ctx.addIssue({ code: 'custom', path: ['lotsMax'], message: 'Fourchette de lots inversée.' });
    },
    { sorts: ['lots', 'nom'], defaultSort: 'lots', defaultOrder: 'asc', maxPageSize: 100 },
  );
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

  it('refuses the same filters with the same French messages in the filters, a page and a map view', () => {
    const bad = { insee: '93010', postcode: '93140', lotsMin: '50', lotsMax: '10' };
    const view = { bbox: '2.4,48.8,2.5,48.9', zoom: '14' };
    const expected = [
      'Une seule zone à la fois\u00a0: commune, code postal, rayon, zone dessinée ou ma zone.',
      'Fourchette de lots inversée.',
    ];
    expect(messages(filter.safeParse(bad))).toEqual(expected);
    expect(messages(list.safeParse(bad))).toEqual(expected);
    expect(messages(cluster.safeParse({ ...bad, ...view }))).toEqual(expected);
  });

  it('gives a page its sort, order and paging, a map view its bbox and zoom, and the filters neither', () => {
    const query = { insee: '93010', lotsMin: '10', sort: 'nom', page: '2', bbox: '2.4,48.8,2.5,48.9', zoom: '14' };
    expect(filter.parse(query)).toEqual({ insee: ['93010'], lotsMin: 10 });
    expect(list.parse(query)).toEqual({ insee: ['93010'], lotsMin: 10, sort: 'nom', order: 'asc', page: 2, pageSize: 50 });
    expect(list.parse({ insee: '93010' })).toMatchObject({ sort: 'lots', order: 'asc', page: 1, pageSize: 50 });
    expect(messages(list.safeParse({ insee: '93010', sort: 'prix' }))).toEqual(['Tri inconnu.']);
    expect(messages(list.safeParse({ insee: '93010', pageSize: '101' }))).toEqual(['Au plus 100 lignes par page.']);
    expect(cluster.parse(query)).toEqual({ insee: ['93010'], lotsMin: 10, bbox: [2.4, 48.8, 2.5, 48.9], zoom: 14 });
    expect(cluster.safeParse({ insee: '93010' }).success).toBe(false);
  });
});
