/**
 * The market API over HTTP on the imported samples (Bondy raw DVF 2022 + cadastre, Hendaye
 * geo-DVF): access, validation, and statistics that agree with the shared TypeScript rules.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MarketAnalysis, MarketStatsResponse } from '@immoloupe/shared/market/contracts';
import { marketAnalysisResponseSchema, marketStatsResponseSchema } from '@immoloupe/shared/market/contracts';
import { type DvfLine, natureOf } from '@immoloupe/shared/market/dvf';
import { lineFromRawDgfip } from '@immoloupe/shared/market/dvf-records';
import { DEFAULT_BOUNDS, type Sale, salesForStatistics } from '@immoloupe/shared/market/mutation.logic';
import { resolvePeriod } from '@immoloupe/shared/market/period.logic';
import { summarize } from '@immoloupe/shared/market/stats.logic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { runImport } from '../../importers/run.js';
import { createTestDb } from '../../test/db.js';
import { writeSalesFile } from '../alerts/testing/dvf-fixture.js';
import { marketRoutes } from './routes.js';
import { LAPSED, type RouterServer, SAMPLE, SUBSCRIBER, samplePath, serveRouter } from './test-support.js';

let db: Db;
let api: RouterServer;
let bondySales: Sale[];

beforeAll(async () => {
  db = await createTestDb({ samples: [SAMPLE.bondyCadastre, SAMPLE.bondyDvf, SAMPLE.hendayeDvf] });
  api = await serveRouter(marketRoutes({ db }), SUBSCRIBER);
  const [header, ...rows] = readFileSync(samplePath(SAMPLE.bondyDvf), 'utf8')
    .split(/\r?\n/)
    .filter((l) => l !== '');
  const names = (header as string).split('|');
  const lines: DvfLine[] = rows.map((r) => {
    const cells = r.split('|');
    return lineFromRawDgfip(Object.fromEntries(names.map((n, i) => [n, cells[i]])));
  });
  bondySales = salesForStatistics(lines, DEFAULT_BOUNDS);
});
afterAll(async () => {
  await api?.close();
  await db?.close();
});

async function getJson<T>(path: string, status = 200): Promise<T> {
  const res = await api.fetch(path);
  const body = (await res.json()) as T;
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

describe('GET /api/market/stats', () => {
  it('gives the Bondy 2022 figures of the shared rules, computed in SQL', async () => {
    const body = await getJson<MarketStatsResponse>('/api/market/stats?insee=93010&from=2022-01-01&to=2022-12-31&types=maison,appartement');
    expect(marketStatsResponseSchema.parse(body)).toBeTruthy();
    const expected = summarize(bondySales.filter((s) => s.type !== 'local').map((s) => s.pricePerM2));
    expect(expected.count).toBeGreaterThan(100);
    expect({ count: body.count, median: body.median, mean: body.mean, q1: body.q1, q3: body.q3 }).toEqual(expected);
    expect(body.bounds).toEqual(DEFAULT_BOUNDS);
    expect(body.natures).toEqual(['vente', 'vefa', 'adjudication']);
    // Named by its postcode, as the commune pickers name it, never by its INSEE code (taken for a postcode).
    expect(body.zone).toEqual({
      kind: 'communes',
      label: 'Bondy (93140)',
      communes: [{ insee: '93010', nom: 'Bondy', codesPostaux: ['93140'] }],
    });
    expect(body.monthly.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => `2022-${String(i + 1).padStart(2, '0')}`));
    expect(body.monthly.reduce((n, m) => n + m.count, 0)).toBe(body.count);
    const jan = bondySales.filter((s) => s.type !== 'local' && s.date.startsWith('2022-01')).map((s) => s.pricePerM2);
    expect(body.monthly[0]).toEqual({ month: '2022-01', ...summarize(jan) });
    expect(body.freshness.lastMutationDate?.startsWith('2022-12')).toBe(true);
  });

  it('gives the figures of Paris from the sales DVF files under its arrondissements', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paris-'));
    try {
      const flats = [1, 2, 3, 4].map((i) => ({
        id: `PARIS-${i}`,
        date: `2022-0${i}-15`,
        type: 'appartement' as const,
        surface: 50,
        price: 500_000 + i * 5_000,
        street: 'RUE ORDENER',
        lon: 2.35,
        lat: 48.89,
        parcel: `751${i % 2 ? 19 : 20}000AB0${100 + i}`,
        commune: i % 2 ? { code: '75119', nom: 'Paris 19e Arrondissement' } : { code: '75120', nom: 'Paris 20e Arrondissement' },
      }));
      expect((await runImport(db, { path: writeSalesFile(dir, 'paris.csv', flats), startedBy: 'test' })).status).toBe('succeeded');
      const paris = await getJson<MarketStatsResponse>('/api/market/stats?insee=75056&from=2022-01-01&to=2022-12-31&types=appartement');
      expect(paris).toMatchObject({ count: 4, median: 10_250 });
      expect(paris.zone.label).toMatch(/^Paris \(/);
      const dix9 = await getJson<MarketStatsResponse>('/api/market/stats?insee=75119&from=2022-01-01&to=2022-12-31&types=appartement');
      expect(dix9.count).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('filters natures and types, and shows no figure under 3 sales', async () => {
    const adjudications = bondySales.filter((s) => s.nature === 'adjudication');
    const body = await getJson<MarketStatsResponse>(
      '/api/market/stats?insee=93010&from=2022-01-01&to=2022-12-31&types=maison,appartement,local&natures=adjudication',
    );
    expect(body.count).toBe(adjudications.length);
    const shops = bondySales.filter((s) => s.type === 'local' && natureOf('Vente') === s.nature);
    const local = await getJson<MarketStatsResponse>(
      '/api/market/stats?insee=93010&from=2022-01-01&to=2022-12-31&types=local&natures=vente',
    );
    expect(local.count).toBe(shops.length);
    const oneDay = await getJson<MarketStatsResponse>('/api/market/stats?insee=93010&from=2022-01-03&to=2022-01-03');
    expect(oneDay.count).toBeLessThan(3);
    expect(oneDay).toMatchObject({ median: null, mean: null, q1: null, q3: null });
  });

  it('works on a radius around 139 avenue Carnot and on a section', async () => {
    const radius = await getJson<MarketStatsResponse>(
      '/api/market/stats?lat=48.89584&lon=2.47995&radius=400&from=2022-01-01&to=2022-12-31',
    );
    expect(radius.count).toBeGreaterThan(0);
    expect(radius.zone.communes).toEqual([{ insee: '93010', nom: 'Bondy', codesPostaux: ['93140'] }]);
    const section = await getJson<MarketStatsResponse>('/api/market/stats?section=93010000AS&from=2022-01-01&to=2022-12-31');
    expect(section.count).toBe(bondySales.filter((s) => s.type !== 'local' && s.idParcelle?.startsWith('93010000AS')).length);
    expect(section.zone.label).toBe('section AS de Bondy');
  });

  it('refuses bad queries with a French message and changes nothing', async () => {
    const noZone = await getJson<{ message: string; issues: { message: string }[] }>(
      '/api/market/stats?from=2022-01-01&to=2022-12-31',
      400,
    );
    expect(noZone.issues.map((i) => i.message).join()).toContain('Indiquez une zone');
    const badType = await getJson<{ issues: { message: string }[] }>(
      '/api/market/stats?insee=93010&from=2022-01-01&to=2022-12-31&types=chateau',
      400,
    );
    expect(badType.issues[0]?.message).toContain('« chateau »');
    const reversed = await getJson<{ issues: { message: string }[] }>('/api/market/stats?insee=93010&from=2022-12-31&to=2022-01-01', 400);
    expect(reversed.issues[0]?.message).toBe('La fin de période précède son début.');
    const badDate = await getJson<{ issues: { message: string }[] }>('/api/market/stats?insee=93010&from=2022-02-30&to=2022-12-31', 400);
    expect(badDate.issues[0]?.message).toBe('Cette date n’existe pas.');
  });

  it('is for subscribers only', async () => {
    const anonymous = await serveRouter(marketRoutes({ db }), undefined);
    const lapsed = await serveRouter(marketRoutes({ db }), LAPSED);
    try {
      const q = '/api/market/stats?insee=93010&from=2022-01-01&to=2022-12-31';
      expect((await anonymous.fetch(q)).status).toBe(401);
      expect(await (await lapsed.fetch(q)).json()).toEqual({ message: 'Un abonnement actif est nécessaire.' });
    } finally {
      await anonymous.close();
      await lapsed.close();
    }
  });
});

describe('GET /api/market/analysis', () => {
  it('breaks the Bondy market down by type, rooms, month, price band and section, with the département', async () => {
    const body = await getJson<MarketAnalysis>('/api/market/analysis?insee=93010&from=2022-01-01&to=2022-12-31');
    expect(marketAnalysisResponseSchema.parse(body)).toBeTruthy();
    const flats = bondySales.filter((s) => s.type === 'appartement').map((s) => s.pricePerM2);
    expect(body.byType.find((t) => t.type === 'appartement')).toEqual({ type: 'appartement', ...summarize(flats) });
    expect(body.byType.reduce((n, t) => n + t.count, 0)).toBe(body.overall.count);
    const threeRooms = bondySales.filter((s) => s.type !== 'local' && s.rooms === 3).map((s) => s.pricePerM2);
    expect(body.byRooms.find((r) => r.rooms === '3')).toEqual({ rooms: '3', ...summarize(threeRooms) });
    expect(body.histogram?.bins).toHaveLength(10);
    expect(body.histogram?.bins.reduce((n, b) => n + b.count, 0)).toBe(body.overall.count);
    expect(body.sections.find((s) => s.code === '93010000AS')).toMatchObject({ section: 'AS', outlined: true });
    expect(body.sections.every((s) => s.outlined)).toBe(true);
    expect(body.sections.reduce((n, s) => n + s.count, 0)).toBeLessThanOrEqual(body.overall.count);
    // Bondy is the only commune of the 93 loaded: the département equals the commune, and its row says so.
    expect(body.comparisons).toEqual([
      { level: 'departement', code: '93', label: 'Seine-Saint-Denis (93), dont seule la zone est importée', ...body.overall },
    ]);
  });

  it('defaults to the two years before the newest sale of the zone, and says so', async () => {
    const hendaye = await getJson<MarketAnalysis>('/api/market/analysis?insee=64260');
    const newest = hendaye.freshness.lastMutationDate as string;
    expect(newest < new Date().toISOString().slice(0, 10)).toBe(true);
    expect(hendaye).toMatchObject({ to: newest, defaultPeriod: true });
    expect(hendaye.from).toBe(resolvePeriod({}, newest, '2099-01-01').from);
    expect(hendaye.overall.count).toBeGreaterThan(50);
    // No cadastre of Hendaye: its sections have no outline, the map puts their medians at their sales.
    expect(hendaye.sections.length).toBeGreaterThan(5);
    expect(hendaye.sections.some((s) => s.outlined)).toBe(false);
    // Bondy's sample ends elsewhere: the default follows the zone, not the whole database.
    const bondy = await getJson<MarketStatsResponse>('/api/market/stats?insee=93010');
    expect(bondy.to).toBe(bondy.freshness.lastMutationDate);
    expect(bondy.to).not.toBe(newest);
    expect(bondy.count).toBeGreaterThan(100);
    const chosen = await getJson<MarketStatsResponse>('/api/market/stats?insee=93010&from=2022-01-01&to=2022-06-30');
    expect(chosen).toMatchObject({ from: '2022-01-01', to: '2022-06-30', defaultPeriod: false });
  });

  it('names the communes of the zone by their postcodes, homonyms told apart by them', async () => {
    const body = await getJson<MarketAnalysis>('/api/market/analysis?insee=93066,97411,64260&from=2022-01-01&to=2022-12-31');
    expect(body.zone.label).toBe('Saint-Denis (93200, 93210, 93380), Saint-Denis (97400, 97417, 97490), Hendaye (64700)');
    expect(body.zone.label).not.toMatch(/93066|97411|64260/);
    expect(body.zone.communes.find((c) => c.insee === '64260')).toEqual({ insee: '64260', nom: 'Hendaye', codesPostaux: ['64700'] });
  });

  it('names a former commune by what its data are: those recorded before its merger', async () => {
    const body = await getJson<MarketAnalysis>('/api/market/analysis?insee=93059&from=2022-01-01&to=2022-12-31');
    expect(body.zone.label).toBe('Pierrefitte-sur-Seine (avant fusion)');
    expect(body.zone.communes).toEqual([
      { insee: '93059', nom: 'Pierrefitte-sur-Seine', codesPostaux: [], mergedInto: { insee: '93066', nom: 'Saint-Denis' } },
    ]);
  });

  it('compares a radius with its commune and département', async () => {
    const body = await getJson<MarketAnalysis>('/api/market/analysis?lat=48.89584&lon=2.47995&radius=500&from=2022-01-01&to=2022-12-31');
    expect(body.comparisons.map((c) => [c.level, c.code])).toEqual([
      ['commune', '93010'],
      ['departement', '93'],
    ]);
    expect(body.zone.label).toBe('Rayon de 500 m autour du point 48,89584 / 2,47995');
    // The base holds more of Seine-Saint-Denis than the radius: the row is the département's.
    expect(body.comparisons[1]?.label).toBe('Seine-Saint-Denis (93)');
    const named = await getJson<MarketAnalysis>(
      `/api/market/analysis?lat=48.89584&lon=2.47995&radius=500&from=2022-01-01&to=2022-12-31&adresse=${encodeURIComponent('139 Avenue Carnot, 93140 Bondy')}`,
    );
    // The address the agent picked names the radius, on screen and in the printed report.
    expect(named.zone.label).toBe('Rayon de 500 m autour de 139 Avenue Carnot, 93140 Bondy');
  });
});

describe('GET /api/market/communes', () => {
  it('finds communes by name, without accents, and by postcode', async () => {
    expect((await getJson<{ insee: string }[]>('/api/market/communes?q=bondy')).map((c) => c.insee)).toContain('93010');
    expect((await getJson<{ nom: string }[]>('/api/market/communes?q=hendaye'))[0]?.nom).toBe('Hendaye');
    expect((await getJson<{ insee: string }[]>('/api/market/communes?q=93140')).map((c) => c.insee)).toContain('93010');
  });

  it('finds a former commune by its name and code, with the commune nouvelle it belongs to', async () => {
    type Hit = { insee: string; nom: string; codesPostaux: string[]; mergedInto?: { insee: string; nom: string } };
    const pierrefitte = {
      insee: '93059',
      nom: 'Pierrefitte-sur-Seine',
      codesPostaux: [],
      mergedInto: { insee: '93066', nom: 'Saint-Denis' },
    };
    expect((await getJson<Hit[]>('/api/market/communes?q=93059')).find((c) => c.insee === '93059')).toMatchObject(pierrefitte);
    expect((await getJson<Hit[]>('/api/market/communes?q=pierrefitte%20sur%20s')).find((c) => c.insee === '93059')).toMatchObject(
      pierrefitte,
    );
    // The commune of today comes first; its own hit says nothing of a merger.
    const saintDenis = await getJson<Hit[]>('/api/market/communes?q=saint-denis');
    expect(saintDenis.find((c) => c.insee === '93066')?.mergedInto).toBeUndefined();
  });

  it('places a commune nouvelle by the sales recorded under the communes merged into it', async () => {
    // No sale or parcel of Saint-Denis (93066) is imported: one sale recorded in Pierrefitte-sur-Seine (93059) before the merger.
    await getJson('/api/market/communes/93066/centre', 404);
    await db.query(
      `INSERT INTO dvf_mutations (id_mutation, origin, date_mutation, nature_mutation, code_commune, code_departement, nb_lignes, nb_locaux,
                                  longitude, latitude, import_run_id)
       VALUES ('TEST-93059-1', 'geo-dvf', '2022-06-01', 'Vente', '93059', '93', 1, 1, 2.3610, 48.9530, 0)`,
    );
    try {
      expect(await getJson('/api/market/communes/93066/centre')).toMatchObject({
        insee: '93066',
        nom: 'Saint-Denis',
        lon: 2.361,
        lat: 48.953,
      });
    } finally {
      await db.query(`DELETE FROM dvf_mutations WHERE id_mutation = 'TEST-93059-1'`);
    }
  });

  it('gives the postcodes the commune pickers name a commune by, also when asked by INSEE code', async () => {
    type Hit = { insee: string; nom: string; codesPostaux: string[] };
    const byCode = await getJson<Hit[]>('/api/market/communes?q=93010');
    expect(byCode.find((c) => c.insee === '93010')).toMatchObject({ nom: 'Bondy', codesPostaux: ['93140'] });
    const paris16 = await getJson<Hit[]>('/api/market/communes?q=paris%2016');
    expect(paris16.find((c) => c.insee === '75116')).toMatchObject({ nom: 'Paris 16e Arrondissement', codesPostaux: ['75016', '75116'] });
    const paris = (await getJson<Hit[]>('/api/market/communes?q=paris')).find((c) => c.insee === '75056');
    expect(paris?.codesPostaux).toHaveLength(21);
    expect(paris?.codesPostaux).toContain('75018');
  });

  it('places a commune without address at the centre of its sales', async () => {
    const c = await getJson<{ lon: number; lat: number; nom: string }>('/api/market/communes/64260/centre');
    expect(c.nom).toBe('Hendaye');
    expect(c.lon).toBeCloseTo(-1.77, 1);
    expect(c.lat).toBeCloseTo(43.36, 1);
    const none = await getJson<{ message: string }>('/api/market/communes/75118/centre', 404);
    expect(none.message).toBe('Aucune donnée importée pour la commune 75118\u00a0: impossible de la situer.');
  });
});
