/**
 * The address analysis over HTTP on the Bondy set (cadastre 2025, raw DVF 2022, RNIC): 139 avenue
 * Carnot lies on parcel AS 167, whose 2022 sale and the Bondy statistics are shown.
 */
import { type AddressAnalysis, addressAnalysisSchema } from '@immoloupe/shared/market/address-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestDb } from '../../test/db.js';
import { addressRoutes } from './address-routes.js';
import { importSamples, type RouterServer, SAMPLE, SUBSCRIBER, serveRouter } from './test-support.js';

let db: Db;
let api: RouterServer;
beforeAll(async () => {
  db = await createTestDb();
  await importSamples(db, [SAMPLE.bondyCadastre, SAMPLE.bondyDvf, SAMPLE.bondyCopro]);
  api = await serveRouter(addressRoutes({ db }), SUBSCRIBER);
});
afterAll(async () => {
  await api?.close();
  await db?.close();
});

// 139 avenue Carnot, Bondy, as BAN places it.
const CARNOT = { lon: 2.479688, lat: 48.895901 };

describe('GET /api/market/address', () => {
  it('finds parcel AS 167, its 2022 sale, the sales around and the Bondy statistics', async () => {
    const res = await api.fetch(`/api/market/address?lon=${CARNOT.lon}&lat=${CARNOT.lat}`);
    expect(res.status).toBe(200);
    const a: AddressAnalysis = addressAnalysisSchema.parse(await res.json());
    expect(a.parcel).toMatchObject({ id: '93010000AS0167', section: 'AS', numero: '167', commune: 'Bondy', insee: '93010' });
    expect(a.parcel?.contenance).toBeGreaterThan(0);
    expect(a.parcelSales.find((t) => t.date === '2022-01-03')).toMatchObject({ price: 188_000, surface: 54 });
    expect(a.nearby.total).toBeGreaterThan(a.parcelSales.length);
    expect(a.nearby.items.every((t) => t.lat !== null)).toBe(true);
    expect(a.commune).toEqual({ insee: '93010', nom: 'Bondy', codesPostaux: ['93140'] });
    expect(a.period.to.startsWith('2022-12')).toBe(true);
    const flats = a.communeStats.find((s) => s.type === 'appartement');
    expect(flats?.count).toBeGreaterThan(100);
    expect(flats?.median).not.toBeNull();
    expect(a.trend.map((t) => t.type)).toEqual(['maison', 'appartement']);
    expect(a.trend[1]?.monthly).toHaveLength(61);
    expect(a.trend[1]?.monthly.reduce((n, m) => n + m.count, 0)).toBe(flats?.count);
    expect(a.freshness.sources.map((s) => s.source).sort()).toEqual(['cadastre', 'copro', 'dvf-raw']);
  });

  it('lists the copropriétés registered on a parcel', async () => {
    const [ref] = await db.query<{ id_parcelle: string }>(
      `SELECT cp.id_parcelle FROM copro_parcels cp JOIN parcels p ON p.id = cp.id_parcelle ORDER BY 1 LIMIT 1`,
    );
    const [pc] = await db.query<{ centroid_lon: number; centroid_lat: number }>(
      'SELECT centroid_lon, centroid_lat FROM parcels WHERE id = $1',
      [ref?.id_parcelle],
    );
    const res = await api.fetch(`/api/market/address?lon=${pc?.centroid_lon}&lat=${pc?.centroid_lat}&parcelle=${ref?.id_parcelle}`);
    const a = (await res.json()) as AddressAnalysis;
    expect(a.parcel?.id).toBe(ref?.id_parcelle);
    expect(a.copros.some((c) => c.onParcel)).toBe(true);
  });

  it('refuses a point without coordinates, in French', async () => {
    const res = await api.fetch('/api/market/address?lat=48.9');
    expect(res.status).toBe(400);
    expect((await res.json()).issues[0].message).toBe('Longitude requise.');
  });
});
