/**
 * The value opinion over HTTP with the rents and the subject's own sales: on the real Bondy samples,
 * the flat at 139 avenue Carnot lists its 2022 sale apart (« Ventes précédentes de ce bien »), never
 * among the comparables; a Lyon 8e flat, valued on a few sales written here, gets its monthly rent
 * from the real Carte des loyers file and its gross yield at the estimate; a commune without
 * reference has none; a business premises is given no rent at all. The market analysis of Lyon 8e
 * lists the commune's references, and says of Bondy that it has none.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MarketAnalysis } from '@immoloupe/shared/market/contracts';
import type { EstimateResponse } from '@immoloupe/shared/market/estimate-contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { runImport } from '../../importers/run.js';
import { SAMPLES } from '../../importers/test-samples.js';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { type FixtureSale, writeSalesFile } from '../alerts/testing/dvf-fixture.js';
import { estimateRoutes } from '../estimates/routes.js';
import { marketRoutes } from '../market/routes.js';
import { type RouterServer, SAMPLE } from '../market/test-support.js';

const LOYERS = Object.values(SAMPLES.loyersLyon).map((f) => `loyers/${f.split('/loyers/')[1]}`);
const LYON8 = { code: '69388', nom: 'Lyon 8e Arrondissement' };
/** A point of Lyon 8e (avenue des Frères Lumière). */
const LYON_POINT = { lon: 4.8712, lat: 45.7398 };

let api: RouterServer;
let other: RouterServer;
const dir = mkdtempSync(path.join(tmpdir(), 'opinion-rents-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

setUpTwoSubscribers(
  (db) => estimateRoutes({ db }).use(marketRoutes({ db })),
  { samples: [SAMPLE.bondyCadastre, SAMPLE.bondyDvf, ...LOYERS], timeout: 180_000 },
  async (set) => {
    ({ api, other } = set);
    // Five 3-room flats of 70 m² around the point, 4 000 to 4 400 €/m²: the median is 4 200 €/m².
    const sale = (i: number): FixtureSale => ({
      id: `L8-${i}`,
      date: `2024-0${i + 1}-15`,
      type: 'appartement',
      surface: 70,
      price: 70 * (4000 + i * 100),
      street: 'AV DES FRERES LUMIERE',
      lon: LYON_POINT.lon + i * 0.0005,
      lat: LYON_POINT.lat,
      parcel: `69388000AB0${100 + i}`,
      commune: LYON8,
    });
    const file = writeSalesFile(dir, 'lyon-8.csv', [0, 1, 2, 3, 4].map(sale));
    expect((await runImport(set.db, { path: file, startedBy: 'test' })).status).toBe('succeeded');
  },
);

async function estimate(subject: Record<string, unknown>, server = api): Promise<EstimateResponse> {
  const res = await server.fetch('/api/estimates', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subject }),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as EstimateResponse;
}

/** The flat of the issue: 139 avenue Carnot, 54 m², sold on 3 January 2022 for 188 000 €. */
const CARNOT = {
  label: '139 Avenue Carnot 93140 Bondy',
  lon: 2.479688,
  lat: 48.895901,
  insee: '93010',
  type: 'appartement',
  surface: 54,
  rooms: 3,
  placedByBan: true,
};

/** Lyon 8e's line of the 3-rooms-and-more flats' file. */
function lyon8T3() {
  const [header, ...lines] = readFileSync(SAMPLES.loyersLyon['appartement-t3-plus'], 'utf8').split(/\r?\n/);
  const names = (header ?? '').split(';');
  const fields = (lines.find((l) => l.split(';')[1] === '69388') ?? '').split(';');
  const n = (name: string) => Number((fields[names.indexOf(name)] ?? '').replace(',', '.'));
  return { rentM2: n('loypredm2'), lowM2: n('lwr.IPm2'), highM2: n('upr.IPm2') };
}

describe('value opinion: the subject’s earlier sales and its rent', () => {
  it('lists the earlier sale of 139 avenue Carnot apart, never among the comparables nor the sales to add', async () => {
    const r = await estimate(CARNOT);
    expect(r.previousSales.map((s) => [s.date, s.price, s.surface])).toEqual([['2022-01-03', 188_000, 54]]);
    expect(r.previousSales[0]?.address).toMatch(/^139 Avenue Carnot/i);
    const own = new Set(r.previousSales.map((s) => s.id));
    expect(r.comparables.length).toBeGreaterThanOrEqual(3);
    expect(r.comparables.some((c) => own.has(c.id))).toBe(false);
    expect(r.candidates.some((c) => own.has(c.id))).toBe(false);
    // Bondy has no Carte des loyers in this database: a rent with no reference, hence no yield.
    expect(r.rent).toEqual({ reference: null, comparison: null, monthly: null, grossYield: null });
    // The same for the other subscriber: nothing here is per user.
    expect((await estimate(CARNOT, other)).previousSales.map((s) => s.id)).toEqual([...own]);
  });

  it('computes the margin of 139 avenue Carnot net of the fees: the « net vendeur » switch moves it by the fee amount', async () => {
    const priced = async (fees: unknown) => {
      const res = await api.fetch('/api/estimates', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subject: CARNOT, pricing: { askingPrice: 215_000, fees } }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as EstimateResponse).margin;
    };
    const fai = await priced({ basis: 'honoraires-inclus', ratePct: 5 });
    const net = await priced({ basis: 'net-vendeur', ratePct: null });
    // 215 000 € at 5 % of the net seller price: 204 762 € net, 10 238 € of fees.
    expect(fai).toMatchObject({ netPrice: 204_762, feesAmount: 10_238 });
    expect((net?.margin ?? 0) - (fai?.margin ?? 0)).toBe(10_238);
    expect(net?.value).toBe(fai?.value);
    // Bondy's sample holds 2022 only: nothing earlier to measure the method on, and the page says so.
    const r = await estimate(CARNOT);
    expect(r.confidence).toMatchObject({ measured: null, comparables: r.comparables.length });
  });

  it('gives a Lyon 8e flat its monthly rent from the file and its gross yield at the estimate', async () => {
    const r = await estimate({
      label: '10 Avenue des Frères Lumière 69008 Lyon',
      ...LYON_POINT,
      insee: '69388',
      type: 'appartement',
      surface: 70,
      rooms: 3,
    });
    expect(r.estimate?.value).toBe(70 * 4200);
    const file = lyon8T3();
    expect(r.rent?.reference?.dwelling).toBe('appartement-t3-plus');
    const monthly = { rent: Math.round(70 * file.rentM2), low: Math.round(70 * file.lowM2), high: Math.round(70 * file.highM2) };
    expect(r.rent?.monthly).toEqual(monthly);
    expect(r.rent?.grossYield?.gross).toBeCloseTo((12 * monthly.rent) / (70 * 4200), 6);
    expect(r.rent?.grossYield?.low).toBeCloseTo((12 * monthly.low) / (70 * 4200), 6);
    expect(r.rent?.grossYield?.high).toBeCloseTo((12 * monthly.high) / (70 * 4200), 6);
    const premises = await estimate({
      label: '10 Avenue des Frères Lumière 69008 Lyon',
      ...LYON_POINT,
      insee: '69388',
      type: 'local',
      surface: 70,
    });
    expect(premises.rent).toBeNull();
  });

  it('lists the rent references of the zone in the market analysis, and the communes without any', async () => {
    const lyon = await api.fetch('/api/market/analysis?insee=69388');
    expect(lyon.status).toBe(200);
    const body = (await lyon.json()) as MarketAnalysis;
    expect(body.rents.map((r) => [r.insee, r.name, r.references.map((x) => x.dwelling)])).toEqual([
      ['69388', 'Lyon 8e Arrondissement', ['appartement', 'appartement-t1-t2', 'appartement-t3-plus', 'maison']],
    ]);
    expect(body.rents[0]?.references[2]?.rentM2).toBeCloseTo(lyon8T3().rentM2, 4);
    const bondy = (await (await api.fetch('/api/market/analysis?insee=93010')).json()) as MarketAnalysis;
    expect(bondy.rents).toEqual([{ insee: '93010', name: 'Bondy', references: [] }]);
  });
});
