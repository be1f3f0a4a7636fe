/**
 * « Ma zone » over HTTP: stored per user (two users never see or change each other's), refused in
 * French when the drawing is not acceptable (nothing changed then), and the dashboard of what
 * changed since the last visit on the Bondy sample (DVF 2022, RNIC).
 */
import { type TerritoryChanges, territoryChangesSchema, territoryResponseSchema } from '@immoloupe/shared/zone/contracts';
import { describe, expect, it } from 'vitest';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { type RouterServer, SAMPLE } from '../market/test-support.js';
import { zoneRoutes } from './routes.js';

let alice: RouterServer;
let bob: RouterServer;
let anonymous: RouterServer;

setUpTwoSubscribers(
  (db) => zoneRoutes({ db }),
  { samples: [SAMPLE.bondyCadastre, SAMPLE.bondyDvf, SAMPLE.bondyCopro] },
  async (set) => {
    ({ api: alice, other: bob } = set);
    anonymous = await set.serve(undefined);
  },
);

const json = (body: unknown): RequestInit => ({
  method: 'PUT',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
/** Most of Bondy (93010), drawn as a rectangle. */
const BONDY = {
  type: 'Polygon',
  coordinates: [
    [
      [2.455, 48.89],
      [2.51, 48.89],
      [2.51, 48.915],
      [2.455, 48.915],
      [2.455, 48.89],
    ],
  ],
};

describe('/api/zone/mine', () => {
  it('needs a signed-in subscriber', async () => {
    expect((await anonymous.fetch('/api/zone/mine')).status).toBe(401);
  });

  it('stores one territory per user', async () => {
    expect(territoryResponseSchema.parse(await (await alice.fetch('/api/zone/mine')).json()).territory).toBeNull();
    const saved = await alice.fetch('/api/zone/mine', json({ geometry: BONDY }));
    expect(saved.status).toBe(200);
    const bobSaved = await bob.fetch('/api/zone/mine', json({ communes: ['75118'] }));
    expect(bobSaved.status).toBe(200);

    const mine = territoryResponseSchema.parse(await (await alice.fetch('/api/zone/mine')).json()).territory;
    expect(mine?.geometry).toEqual(BONDY);
    expect(mine?.communes).toEqual([]);
    const his = territoryResponseSchema.parse(await (await bob.fetch('/api/zone/mine')).json()).territory;
    expect(his?.geometry).toBeNull();
    // With its postcode: the commune pickers name it « Paris 18e Arrondissement (75018) ».
    expect(his?.communes).toEqual([{ insee: '75118', nom: 'Paris 18e Arrondissement', codesPostaux: ['75018'] }]);

    // Bob deleting his own zone leaves Alice's in place.
    expect((await bob.fetch('/api/zone/mine', { method: 'DELETE' })).status).toBe(204);
    expect((await bob.fetch('/api/zone/mine', { method: 'DELETE' })).status).toBe(404);
    expect(territoryResponseSchema.parse(await (await alice.fetch('/api/zone/mine')).json()).territory?.geometry).toEqual(BONDY);
  });

  it('refuses a crossing, open, foreign or too detailed outline in French, and keeps the zone stored', async () => {
    const bowTie = {
      type: 'Polygon',
      coordinates: [
        [
          [2.45, 48.89],
          [2.5, 48.91],
          [2.5, 48.89],
          [2.45, 48.91],
          [2.45, 48.89],
        ],
      ],
    };
    const open = { type: 'Polygon', coordinates: [BONDY.coordinates[0]?.slice(0, 4)] };
    const berlin = { type: 'Polygon', coordinates: [BONDY.coordinates[0]?.map(([x, y]) => [(x as number) + 11, (y as number) + 3.6])] };
    const huge = {
      type: 'Polygon',
      coordinates: [
        [
          ...Array.from({ length: 5001 }, (_, i) => [
            2.48 + 0.01 * Math.cos((2 * Math.PI * i) / 5001),
            48.9 + 0.01 * Math.sin((2 * Math.PI * i) / 5001),
          ]),
          [2.49, 48.9],
        ],
      ],
    };
    const cases: [unknown, string][] = [
      [{ geometry: bowTie }, 'Le contour se recoupe\u00a0: dessinez une zone dont les bords ne se croisent pas.'],
      [{ geometry: open }, 'Contour non fermé\u00a0: la dernière position doit répéter la première.'],
      [{ geometry: berlin }, 'La zone doit être en France (métropole, Corse ou départements d’outre-mer).'],
      [{ geometry: huge }, 'Zone trop détaillée\u00a0: 5001 sommets, 5000 au plus. Simplifiez le tracé.'],
      [{ geometry: { type: 'Point', coordinates: [2.4, 48.9] } }, 'Géométrie attendue\u00a0: Polygon ou MultiPolygon GeoJSON.'],
      [{ communes: ['99999'] }, 'Commune inconnue\u00a0: 99999.'],
      [{}, 'Dessinez une zone sur la carte ou choisissez au moins une commune.'],
    ];
    for (const [body, message] of cases) {
      const res = await alice.fetch('/api/zone/mine', json(body));
      const answer = (await res.json()) as { message: string; issues?: { message: string }[] };
      expect(res.status).toBe(400);
      expect([answer.message, ...(answer.issues ?? []).map((i) => i.message)]).toContain(message);
    }
    expect(territoryResponseSchema.parse(await (await alice.fetch('/api/zone/mine')).json()).territory?.geometry).toEqual(BONDY);
  });
});

describe('/api/zone/mine/changes', () => {
  it('counts the last 3 months of data at the first visit, then only what came since', async () => {
    const first: TerritoryChanges = territoryChangesSchema.parse(await (await alice.fetch('/api/zone/mine/changes')).json());
    expect(first.since).toBeNull();
    // The Bondy DVF file ends in December 2022; the RNIC extract was last updated on 3 January 2026.
    expect(first.dvf.latestDate).toBe('2022-12-30');
    expect(first.dvf.sinceDate).toBe('2022-09-30');
    expect(first.dvf.newSales).toBeGreaterThan(50);
    expect(first.dpe).toEqual({ newPassoires: 0, sinceDate: null, latestDate: null });
    expect(first.copro.asOf).toBe('2026-01-03');
    expect(first.copro.until).toBe('2026-07-03');
    // Mandates ending 2026-01-22 … 2026-06-30 among the Bondy co-ownerships drawn in the zone.
    expect(first.copro.mandatesEnding).toBeGreaterThan(5);

    expect((await alice.fetch('/api/zone/mine/seen', { method: 'POST' })).status).toBe(204);
    const next = territoryChangesSchema.parse(await (await alice.fetch('/api/zone/mine/changes')).json());
    expect(next.since).not.toBeNull();
    expect(next.dvf).toEqual({ newSales: 0, sinceDate: '2022-12-30', latestDate: '2022-12-30' });
    expect(next.copro.mandatesEnding).toBe(first.copro.mandatesEnding);
  });

  it('is 404 for a user without a zone', async () => {
    expect((await bob.fetch('/api/zone/mine/changes')).status).toBe(404);
  });
});
