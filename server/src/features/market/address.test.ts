/**
 * The address analysis over HTTP on the Bondy set (cadastre 2025, raw DVF 2022, RNIC): 139 avenue
 * Carnot lies on parcel AS 167, whose 2022 sale and the Bondy statistics are shown.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AddressAnalysis, addressAnalysisSchema } from '@immoloupe/shared/market/address-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { runImport } from '../../importers/run.js';
import { createTestDb } from '../../test/db.js';
import { type FixtureSale, writeSalesFile } from '../alerts/testing/dvf-fixture.js';
import { addressRoutes } from './address-routes.js';
import { type RouterServer, SAMPLE, SUBSCRIBER, serveRouter } from './test-support.js';

let db: Db;
let api: RouterServer;
beforeAll(async () => {
  db = await createTestDb({ samples: [SAMPLE.bondyCadastre, SAMPLE.bondyDvf, SAMPLE.bondyCopro] });
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

  it('analyses an address of a commune nouvelle with the sales recorded under the communes merged into it', async () => {
    // Pierrefitte-sur-Seine (93059) is part of Saint-Denis (93066) since 2025: three flats sold
    // there in 2021 carry 93059, three sold in 2022 carry 93066. No cadastre: the commune comes from
    // the sales around the point.
    const at = { lon: 2.3655, lat: 48.9641 };
    const flat = (id: string, date: string, price: number, commune: FixtureSale['commune']): FixtureSale => ({
      id,
      date,
      type: 'appartement',
      surface: 50,
      price,
      street: 'RUE DE PARIS',
      lon: at.lon,
      lat: at.lat,
      parcel: `${commune?.code}000AB0${id.slice(-3)}`,
      commune,
    });
    const pierrefitte = { code: '93059', nom: 'Pierrefitte-sur-Seine' };
    const saintDenis = { code: '93066', nom: 'Saint-Denis' };
    const dir = mkdtempSync(path.join(tmpdir(), 'commune-nouvelle-'));
    try {
      const file = writeSalesFile(dir, 'saint-denis.csv', [
        flat('SD-101', '2021-03-04', 150_000, pierrefitte),
        flat('SD-102', '2021-03-18', 170_000, pierrefitte),
        flat('SD-103', '2021-03-25', 190_000, pierrefitte),
        flat('SD-201', '2022-05-02', 200_000, saintDenis),
        flat('SD-202', '2022-05-11', 210_000, saintDenis),
        flat('SD-203', '2022-05-20', 220_000, saintDenis),
      ]);
      expect((await runImport(db, { path: file, startedBy: 'test' })).status).toBe('succeeded');
      const a = addressAnalysisSchema.parse(await (await api.fetch(`/api/market/address?lon=${at.lon}&lat=${at.lat}`)).json());
      expect(a.commune).toEqual({ insee: '93066', nom: 'Saint-Denis', codesPostaux: ['93200', '93210', '93380'] });
      expect(a.trendPeriod.to).toBe('2022-05-20');
      const flats = a.trend.find((t) => t.type === 'appartement')?.monthly ?? [];
      expect(flats.find((m) => m.month === '2021-03')).toMatchObject({ count: 3, median: 3_400 });
      expect(flats.find((m) => m.month === '2022-05')).toMatchObject({ count: 3, median: 4_200 });
      expect(flats.reduce((n, m) => n + m.count, 0)).toBe(6);
      // The last twelve months of the commune: the 2022 sales.
      expect(a.communeStats.find((s) => s.type === 'appartement')?.count).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
