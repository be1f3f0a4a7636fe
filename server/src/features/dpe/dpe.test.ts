/**
 * The DPE search over HTTP on the ADEME sample (1 000 DPE across France; Lyon 7e has 34, 10 of
 * them F or G): zones, filters, counts per class, paging, sort, CSV, map grid, detail, « ma zone »
 * by default, and the replaced DPE hidden.
 */
import { type DpeDetail, type DpeList, dpeDetailSchema, dpeListSchema } from '@immoloupe/shared/dpe/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.js';
import { csvRows, formulaCells, HYPERLINK, SUM } from '../../test/csv-formulas.js';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import type { RouterServer } from '../market/test-support.js';
import { zoneRoutes } from '../zone/routes.js';
import { dpeRoutes } from './routes.js';

const DPE_SAMPLE = 'dpe/dpe03existant_extrait-1000_france.csv';
let db: Db;
let api: RouterServer;
let other: RouterServer;
let anonymous: RouterServer;

setUpTwoSubscribers(
  (db) => dpeRoutes({ db }).use(zoneRoutes({ db })),
  { samples: [DPE_SAMPLE] },
  async (set) => {
    ({ db, api, other } = set);
    anonymous = await set.serve(undefined);
  },
);

async function get<T>(path: string, status = 200, server = api): Promise<T> {
  const res = await server.fetch(path);
  const body = (await res.json()) as T;
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

describe('GET /api/dpe', () => {
  it('finds the F and G DPE of Lyon 7e, with counts per class and the rental-ban date', async () => {
    const all = dpeListSchema.parse(await get<DpeList>('/api/dpe?insee=69387&pageSize=200'));
    expect(all.total).toBe(34);
    expect(Object.values(all.byClass).reduce((a, b) => a + b, 0)).toBe(34);
    expect(all.mine).toBe(false);

    const fg = dpeListSchema.parse(await get<DpeList>('/api/dpe?insee=69387&classes=F,G'));
    expect(fg.total).toBe(10);
    expect(fg.items.every((d) => d.classe === 'F' || d.classe === 'G')).toBe(true);
    expect((fg.byClass.F ?? 0) + (fg.byClass.G ?? 0)).toBe(10);
    expect(Object.keys(fg.byClass).sort()).toEqual(['F', 'G']);
    for (const d of fg.items) expect(d.interdictionLocation).toBe(d.classe === 'G' ? '2025-01-01' : '2028-01-01');
    const passoires = await get<DpeList>('/api/dpe?insee=69387&passoires=1');
    expect(passoires.total).toBe(10);
  });

  it('pages and sorts', async () => {
    const p1 = await get<DpeList>('/api/dpe?insee=69387&pageSize=20&sort=surface&order=asc');
    const p2 = await get<DpeList>('/api/dpe?insee=69387&pageSize=20&page=2&sort=surface&order=asc');
    expect(p1.items).toHaveLength(20);
    expect(p2.items).toHaveLength(14);
    expect(p2.total).toBe(34);
    const surfaces = [...p1.items, ...p2.items].map((d) => d.surface ?? Number.POSITIVE_INFINITY);
    expect(surfaces).toEqual([...surfaces].sort((a, b) => a - b));
    const byDate = await get<DpeList>('/api/dpe?insee=69387&pageSize=200');
    const dates = byDate.items.map((d) => d.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('filters by type, surface, year, period, GES, date, co-ownership', async () => {
    const all = (await get<DpeList>('/api/dpe?postcode=69007&pageSize=200')).items;
    expect(all.length).toBeGreaterThan(30);
    const check = async (query: string, keep: (d: (typeof all)[number]) => boolean) => {
      const got = await get<DpeList>(`/api/dpe?postcode=69007&pageSize=200&${query}`);
      expect(got.items.map((d) => d.numero).sort()).toEqual(
        all
          .filter(keep)
          .map((d) => d.numero)
          .sort(),
      );
    };
    await check('types=maison,immeuble', (d) => d.type === 'maison' || d.type === 'immeuble');
    await check('surfaceMin=40&surfaceMax=70', (d) => d.surface !== null && d.surface >= 40 && d.surface <= 70);
    await check('yearMin=1950&yearMax=1980', (d) => d.annee !== null && d.annee >= 1950 && d.annee <= 1980);
    await check('periods=avant 1948', (d) => d.periode === 'avant 1948');
    await check('ges=A,B', (d) => d.ges === 'A' || d.ges === 'B');
    await check('from=2024-01-01&to=2024-12-31', (d) => d.date >= '2024-01-01' && d.date <= '2024-12-31');
    await check('copro=non', (d) => d.copro === null);
    await check('modeles=neuf', () => false);
  });

  it('a radius and a drawn polygon around Lyon 7e', async () => {
    const inCommune = await get<DpeList>('/api/dpe?insee=69387&pageSize=200');
    const first = inCommune.items.find((d) => d.lat !== null) as DpeList['items'][number];
    const near = await get<DpeList>(`/api/dpe?lat=${first.lat}&lon=${first.lon}&radius=50`);
    expect(near.items.map((d) => d.numero)).toContain(first.numero);
    const [lon, lat] = [first.lon as number, first.lat as number];
    const polygon = `${lon - 0.001} ${lat - 0.001},${lon + 0.001} ${lat - 0.001},${lon + 0.001} ${lat + 0.001},${lon - 0.001} ${lat + 0.001}`;
    const drawn = await get<DpeList>(`/api/dpe?polygon=${encodeURIComponent(polygon)}`);
    expect(drawn.items.map((d) => d.numero)).toContain(first.numero);
    expect(drawn.total).toBeLessThan(inCommune.total);
  });

  it('refuses bad input in French', async () => {
    const cases: [string, string][] = [
      ['/api/dpe?classes=H&insee=69387', 'Classe DPE inconnu·e'],
      ['/api/dpe?insee=69387&pageSize=500', 'Au plus 200 lignes par page.'],
      ['/api/dpe?insee=69387&postcode=69007', 'Une seule zone à la fois'],
      ['/api/dpe', 'Indiquez une zone'],
      ['/api/dpe?zone=mine', 'Vous n’avez pas encore défini'],
      ['/api/dpe?insee=69387&surfaceMin=80&surfaceMax=20', 'Fourchette de surface inversée.'],
    ];
    for (const [path, message] of cases) {
      const body = await get<{ message: string; issues?: { message: string }[] }>(path, 400);
      expect(JSON.stringify(body)).toContain(message);
    }
    expect((await anonymous.fetch('/api/dpe?insee=69387')).status).toBe(401);
  });

  it('uses « ma zone » when no zone is given, for its owner only', async () => {
    const put = await api.fetch('/api/zone/mine', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ communes: ['69387'] }),
    });
    expect(put.status).toBe(200);
    const mine = await get<DpeList>('/api/dpe?classes=F,G');
    expect(mine).toMatchObject({ total: 10, mine: true });
    expect((await get<DpeList>('/api/dpe?zone=mine')).total).toBe(34);
    await get('/api/dpe?classes=F,G', 400, other);
  });
});

describe('communes merged into a commune nouvelle', () => {
  it('searches Saint-Denis with the DPE recorded under Pierrefitte-sur-Seine before the merger, and Pierrefitte alone', async () => {
    // Pierrefitte-sur-Seine (93059) is part of Saint-Denis (93066) since 2025; its DPE keep its code.
    const numbers = async (insee: string) =>
      dpeListSchema.parse(await get<DpeList>(`/api/dpe?insee=${insee}&pageSize=200`)).items.map((d) => d.numero);
    const pierrefitte = await numbers('93059');
    const [{ n: own } = { n: 0 }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM dpe WHERE code_insee_ban = '93066'`);
    expect(pierrefitte).toContain('2393E0248249S');
    expect(own).toBeGreaterThan(0);
    const saintDenis = await numbers('93066');
    expect(saintDenis).toHaveLength(own + pierrefitte.length);
    expect(saintDenis).toEqual(expect.arrayContaining(pierrefitte));
  });

  it('takes a former commune in « ma zone », named as such', async () => {
    const put = await other.fetch('/api/zone/mine', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ communes: ['93059'] }),
    });
    expect(put.status).toBe(200);
    const { territory } = (await put.json()) as { territory: { communes: unknown[] } };
    expect(territory.communes).toEqual([
      { insee: '93059', nom: 'Pierrefitte-sur-Seine', codesPostaux: [], mergedInto: { insee: '93066', nom: 'Saint-Denis' } },
    ]);
    expect((await get<DpeList>('/api/dpe?zone=mine', 200, other)).items.map((d) => d.numero)).toContain('2393E0248249S');
    expect((await other.fetch('/api/zone/mine', { method: 'DELETE' })).status).toBeLessThan(300);
  });
});

describe('replaced DPE', () => {
  it('are hidden by default, their replacement stands', async () => {
    const before = await get<DpeList>('/api/dpe?insee=69387&classes=G');
    const old = before.items[0] as DpeList['items'][number];
    await db.query(
      `INSERT INTO dpe (numero_dpe, modele, date_etablissement, numero_dpe_remplace, etiquette_dpe, etiquette_ges, type_batiment,
                        code_insee_ban, code_postal_ban, longitude, latitude, import_run_id)
       VALUES ('2569E9999999Z', 'existant', '2025-10-01', $1, 'D', 'D', 'appartement', '69387', '69007', $2, $3, 0)`,
      [old.numero, old.lon, old.lat],
    );
    const after = await get<DpeList>('/api/dpe?insee=69387&classes=G,D&pageSize=200');
    expect(after.items.map((d) => d.numero)).not.toContain(old.numero);
    expect(after.items.map((d) => d.numero)).toContain('2569E9999999Z');
    const withReplaced = await get<DpeList>('/api/dpe?insee=69387&classes=G&replaced=1');
    expect(withReplaced.items.find((d) => d.numero === old.numero)?.remplacePar).toBe('2569E9999999Z');
    await db.query(`DELETE FROM dpe WHERE numero_dpe = '2569E9999999Z'`);
  });
});

describe('CSV, map grid and detail', () => {
  it('exports the filter as a French CSV with a BOM', async () => {
    const res = await api.fetch('/api/dpe.csv?insee=69387&classes=F,G');
    expect(res.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Numéro DPE;Date d’établissement;Fin de validité;Classe énergie');
    expect(lines).toHaveLength(11);
    expect(lines.slice(1).every((l) => /;[FG];/.test(l))).toBe(true);
  });

  it('writes a residence or a flat that looks like a formula as text', async () => {
    // Texts typed by diagnosticians, published as they are by the ADEME.
    const [row] = await db.query<{ numero_dpe: string; nom_residence: string | null; complement_adresse_logement: string | null }>(
      `SELECT numero_dpe, nom_residence, complement_adresse_logement FROM dpe WHERE code_insee_ban = '69387' ORDER BY numero_dpe LIMIT 1`,
    );
    const restore = [row?.nom_residence ?? null, row?.complement_adresse_logement ?? null, row?.numero_dpe];
    await db.query('UPDATE dpe SET nom_residence = $1, complement_adresse_logement = $2 WHERE numero_dpe = $3', [
      HYPERLINK,
      SUM,
      row?.numero_dpe,
    ]);
    try {
      const text = await (await api.fetch('/api/dpe.csv?insee=69387')).text();
      expect(formulaCells(text)).toEqual([]);
      const line = csvRows(text).find((cells) => cells[0] === row?.numero_dpe);
      expect(line).toContain(`'${HYPERLINK}`);
      expect(line).toContain(`'${SUM}`);
    } finally {
      await db.query('UPDATE dpe SET nom_residence = $1, complement_adresse_logement = $2 WHERE numero_dpe = $3', restore);
    }
  });

  it('tells apart the flats of one building, keeps precise coordinates and names the file by the Paris day', async () => {
    // 00:05 in Paris on 27/11/2026, still the 26th in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T23:05:00Z'));
    let res: Response;
    try {
      res = await api.fetch('/api/dpe.csv?insee=61169&sort=date');
    } finally {
      vi.useRealTimers();
    }
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="dpe-2026-11-27.csv"');
    const [head, ...rows] = (await res.text())
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/)
      .map((l) => l.split(';'));
    const at = (name: string) => head?.indexOf(name) ?? -1;
    expect(at('Complément d’adresse')).toBe(at('Adresse') + 1);
    const flats = rows.filter((r) => r[at('Adresse')] === '69 Rue du Mont Saint Michel 61100 Flers');
    expect(flats).toHaveLength(8);
    expect(flats.map((r) => r[at('Complément d’adresse')]).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `APP ${n}/69`));
    // 6 decimals, not 2 (about a kilometre off).
    expect(flats[0]?.[at('Longitude')]).toMatch(/^-0,\d{5,6}$/);
    expect(flats[0]?.[at('Latitude')]).toMatch(/^48,\d{5,6}$/);
  });

  it('aggregates the map markers over a grid, never one per row', async () => {
    const bbox = '4.80,45.70,4.90,45.77';
    const far = await get<{ total: number; features: { properties: { count: number; classe: string; id: string | null } }[] }>(
      `/api/dpe/clusters?insee=69387&bbox=${bbox}&zoom=8`,
    );
    expect(far.total).toBe(34);
    expect(far.features.length).toBeLessThan(5);
    expect(far.features.reduce((n, f) => n + f.properties.count, 0)).toBe(34);
    const near = await get<typeof far>(`/api/dpe/clusters?insee=69387&bbox=${bbox}&zoom=18`);
    expect(near.features.length).toBeGreaterThan(far.features.length);
    // Flats of one building share its BAN point: at street level, one marker per distinct point.
    const list = await get<DpeList>('/api/dpe?insee=69387&pageSize=200');
    const points = new Set(list.items.map((d) => `${d.lon},${d.lat}`));
    expect(near.features.length).toBeLessThanOrEqual(points.size);
    expect(far.features).toHaveLength(1);
    for (const f of near.features) expect(f.properties.id === null).toBe(f.properties.count > 1);
    await get(`/api/dpe/clusters?insee=69387&bbox=4.9,45.7,4.8,45.77&zoom=8`, 400);
  });

  it('gives one DPE with its co-ownership and rental-ban date', async () => {
    const list = await get<DpeList>('/api/dpe?insee=69387&classes=G');
    const numero = list.items[0]?.numero as string;
    const d = dpeDetailSchema.parse(await get<DpeDetail>(`/api/dpe/${numero}`));
    expect(d).toMatchObject({ numero, classe: 'G', interdictionLocation: '2025-01-01' });
    expect(d.parcel).toBeNull();
    expect(d.sales).toEqual([]);
    await get('/api/dpe/0000E0000000X', 404);
    await get('/api/dpe/pas-un-numero', 400);
  });

  it('writes the number the diagnostician typed when the BAN matched the street only', async () => {
    // Pierrefitte-sur-Seine: typed « 65-69 Jean Mermoz », matched by the BAN to the boulevard alone.
    const list = dpeListSchema.parse(await get<DpeList>('/api/dpe?insee=93059&pageSize=200'));
    expect(list.items.find((i) => i.numero === '2393E0248249S')?.address).toBe('65-69 Boulevard Jean Mermoz 93380 Pierrefitte-sur-Seine');
    expect(dpeDetailSchema.parse(await get<DpeDetail>('/api/dpe/2393E0248249S')).address).toBe(
      '65-69 Boulevard Jean Mermoz 93380 Pierrefitte-sur-Seine',
    );
    // Roquebillière: « 69 route départementale » matched to « Route Métropolitaine 69 », a road's number: the BAN's address stays.
    const roquebilliere = dpeListSchema.parse(await get<DpeList>('/api/dpe?insee=06103&pageSize=200'));
    expect(roquebilliere.items.find((i) => i.numero === '2406E2796955O')?.address).toBe('Route Métropolitaine 69 06450 Roquebillière');
  });
});
