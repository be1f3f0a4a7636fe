/** The transactions API over HTTP on the imported Bondy sample (raw DVF 2022 placed on the 2025 cadastre). */
import type { MutationDetail, TransactionList, TransactionPoints } from '@immoloupe/shared/market/transactions-contracts';
import { mutationDetailSchema, transactionListSchema, transactionPointsSchema } from '@immoloupe/shared/market/transactions-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { csvRows, formulaCells, HYPERLINK } from '../../test/csv-formulas.js';
import { createTestDb } from '../../test/db.js';
import { importSamples, type RouterServer, SAMPLE, SUBSCRIBER, serveRouter } from '../market/test-support.js';
import { transactionRoutes } from './routes.js';

let db: Db;
let api: RouterServer;
beforeAll(async () => {
  db = await createTestDb({ samples: [SAMPLE.bondyCadastre, SAMPLE.bondyDvf] });
  api = await serveRouter(transactionRoutes({ db }), SUBSCRIBER);
});
afterAll(async () => {
  await api?.close();
  await db?.close();
});

async function get<T>(path: string, status = 200): Promise<T> {
  const res = await api.fetch(path);
  const body = (await res.json()) as T;
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}
const YEAR = 'insee=93010&from=2022-01-01&to=2022-12-31';

describe('GET /api/transactions', () => {
  it('lists the sales of parcel AS 167, 139 avenue Carnot, with their facts', async () => {
    const body = transactionListSchema.parse(await get<TransactionList>('/api/transactions?parcelle=93010000AS0167'));
    const carnot = body.items.find((t) => t.date === '2022-01-03');
    expect(carnot).toMatchObject({
      price: 188_000,
      address: '139 Avenue Carnot',
      commune: 'Bondy',
      insee: '93010',
      types: ['appartement', 'dependance'],
      surface: 54,
      rooms: 3,
      pricePerM2: 3481.48,
      nbLocaux: 1,
      single: true,
      outlier: false,
      idParcelle: '93010000AS0167',
    });
    expect(carnot?.lon).toBeCloseTo(2.48, 1);
  });

  it('filters by type, surface, rooms, price and €/m², sorts and paginates', async () => {
    const houses = await get<TransactionList>(`/api/transactions?${YEAR}&types=maison&sort=prix&order=asc&pageSize=200`);
    expect(houses.total).toBeGreaterThan(50);
    expect(houses.items.every((t) => t.types.includes('maison'))).toBe(true);
    const prices = houses.items.map((t) => t.price ?? Number.POSITIVE_INFINITY);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const band = await get<TransactionList>(
      `/api/transactions?${YEAR}&types=appartement&surfaceMin=40&surfaceMax=60&roomsMin=2&roomsMax=3&priceMin=100000&priceMax=250000&ppm2Min=2000&ppm2Max=5000&pageSize=200`,
    );
    expect(band.total).toBeGreaterThan(0);
    for (const t of band.items) {
      expect(t.surface).toBeGreaterThanOrEqual(40);
      expect(t.surface).toBeLessThanOrEqual(60);
      expect(t.rooms).toBeGreaterThanOrEqual(2);
      expect(t.rooms).toBeLessThanOrEqual(3);
      expect(t.price).toBeGreaterThanOrEqual(100_000);
      expect(t.pricePerM2).toBeLessThanOrEqual(5000);
    }

    const all = await get<TransactionList>(`/api/transactions?${YEAR}&pageSize=100`);
    const page2 = await get<TransactionList>(`/api/transactions?${YEAR}&pageSize=100&page=2`);
    expect(page2.total).toBe(all.total);
    expect(page2.items[0]?.id).not.toBe(all.items[0]?.id);
    const beyond = await get<TransactionList>(`/api/transactions?${YEAR}&pageSize=100&page=999`);
    expect(beyond).toMatchObject({ total: all.total, items: [] });
    const land = await get<TransactionList>(`/api/transactions?${YEAR}&types=terrain`);
    expect(land.items.every((t) => t.types.join() === 'terrain')).toBe(true);
  });

  it('finds sales in the map view and in a drawn area', async () => {
    const d = 0.002;
    const bbox = await get<TransactionList>(`/api/transactions?bbox=${2.48 - d},${48.8958 - d},${2.48 + d},${48.8958 + d}&pageSize=200`);
    expect(bbox.items.some((t) => t.idParcelle === '93010000AS0167')).toBe(true);
    const poly = `${2.48 - d} ${48.8958 - d},${2.48 + d} ${48.8958 - d},${2.48 + d} ${48.8958 + d},${2.48 - d} ${48.8958 + d}`;
    const drawn = await get<TransactionList>(`/api/transactions?polygon=${encodeURIComponent(poly)}&pageSize=200`);
    expect(drawn.items.map((t) => t.id).sort()).toEqual(bbox.items.map((t) => t.id).sort());
  });

  it('gives the map one GeoJSON point per geolocated sale', async () => {
    const res = await api.fetch(`/api/transactions?${YEAR}&format=geojson`);
    expect(res.headers.get('content-type')).toContain('application/geo+json');
    const points = transactionPointsSchema.parse((await res.json()) as TransactionPoints);
    const list = await get<TransactionList>(`/api/transactions?${YEAR}&pageSize=1`);
    expect(points.truncated).toBe(false);
    expect(points.features.length).toBe(points.total);
    // Raw DVF rows are placed on their parcel's centroid: all but the few without a parcel.
    expect(points.total).toBeGreaterThan(list.total * 0.95);
  });

  it('refuses contradictory filters in French', async () => {
    const two = await get<{ issues: { message: string }[] }>('/api/transactions?insee=93010&parcelle=93010000AS0167', 400);
    expect(two.issues[0]?.message).toContain('Un seul lieu à la fois');
    const inverted = await get<{ issues: { message: string }[] }>(`/api/transactions?${YEAR}&priceMin=300000&priceMax=100000`, 400);
    expect(inverted.issues[0]?.message).toBe('Fourchette de prix inversée.');
    const badParcel = await get<{ issues: { message: string }[] }>('/api/transactions?parcelle=AS167', 400);
    expect(badParcel.issues[0]?.message).toContain('Parcelle invalide');
  });
});

describe('GET /api/transactions.csv', () => {
  it('writes a street name that looks like a formula as text', async () => {
    const [row] = await db.query<{ id_mutation: string; adresse_numero: string | null; adresse_nom_voie: string | null }>(
      `SELECT m.id_mutation, m.adresse_numero::text AS adresse_numero, m.adresse_nom_voie FROM dvf_mutations m
        WHERE m.id_mutation IN (SELECT l.id_mutation FROM dvf_lines l WHERE l.id_parcelle = '93010000AS0167') ORDER BY 1 LIMIT 1`,
    );
    const set = 'UPDATE dvf_mutations SET adresse_numero = $1, adresse_nom_voie = $2 WHERE id_mutation = $3';
    await db.query(set, [null, HYPERLINK, row?.id_mutation]);
    try {
      const text = await (await api.fetch('/api/transactions.csv?parcelle=93010000AS0167')).text();
      expect(formulaCells(text)).toEqual([]);
      expect(csvRows(text).some((cells) => cells[3]?.toLowerCase() === `'${HYPERLINK}`.toLowerCase())).toBe(true);
    } finally {
      await db.query(set, [row?.adresse_numero ?? null, row?.adresse_nom_voie ?? null, row?.id_mutation]);
    }
  });

  it('exports the filter for Excel: BOM, semicolons, decimal commas, French dates', async () => {
    const res = await api.fetch('/api/transactions.csv?parcelle=93010000AS0167');
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="transactions-dvf-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const [header, ...rows] = text.split('\r\n').filter(Boolean);
    expect(header?.split(';')[0]).toBe('Date');
    expect(header).toContain('Prix au m² (€/m²)');
    const list = await get<TransactionList>('/api/transactions?parcelle=93010000AS0167');
    expect(rows).toHaveLength(list.total);
    expect(rows).toContainEqual(
      expect.stringMatching(/^03\/01\/2022;Vente;188000;139 Avenue Carnot;93140;Bondy;93010;Appartement, Dépendance;54;3;3481,48;/),
    );
  });
});

describe('GET /api/transactions/:id', () => {
  it('shows the whole mutation: lines, Carrez lots, parcel outline and the statistics verdict', async () => {
    const list = await get<TransactionList>('/api/transactions?parcelle=93010000AS0167');
    const id = list.items.find((t) => t.date === '2022-01-03')?.id as string;
    const detail = mutationDetailSchema.parse(await get<MutationDetail>(`/api/transactions/${encodeURIComponent(id)}`));
    expect(detail.lines).toHaveLength(3);
    expect(detail.lines.map((l) => l.typeLocal)).toEqual(expect.arrayContaining(['Appartement', 'Dépendance']));
    const flat = detail.lines.find((l) => l.typeLocal === 'Appartement');
    expect(flat?.lots).toEqual([
      { numero: '19', surfaceCarrez: null },
      { numero: '26', surfaceCarrez: 54.77 },
    ]);
    expect(detail.parcels).toHaveLength(1);
    expect(detail.parcels[0]).toMatchObject({ id: '93010000AS0167', section: 'AS', numero: '167' });
    expect(detail.parcels[0]?.contenance).toBeGreaterThan(0);
    expect(detail.parcels[0]?.geometry).toMatchObject({ type: expect.stringMatching(/Polygon/) });
    expect(detail.statistics).toContain('retenue');
    const missing = await get<{ message: string }>('/api/transactions/inexistante', 404);
    expect(missing.message).toBe('Cette vente n’existe pas (ou plus) dans les données chargées.');
  });

  it('marks a single sale the plausibility bounds leave out, in the list, the CSV and the mutation', async () => {
    const [o] = await db.query<{ id_mutation: string; id_parcelle: string }>(
      'SELECT id_mutation, id_parcelle FROM dvf_sales WHERE NOT within_bounds AND id_parcelle IS NOT NULL ORDER BY id_mutation LIMIT 1',
    );
    expect(o, 'the Bondy sample holds a sale outside the bounds').toBeDefined();
    const place = `parcelle=${o?.id_parcelle}`;
    const list = transactionListSchema.parse(await get<TransactionList>(`/api/transactions?${place}`));
    const marked = list.items.filter((t) => t.outlier).map((t) => t.id);
    expect(marked).toContain(o?.id_mutation);
    const bounded = await db.query<{ id_mutation: string }>(
      'SELECT id_mutation FROM dvf_sales WHERE within_bounds AND id_mutation = ANY($1)',
      [list.items.map((t) => t.id)],
    );
    for (const b of bounded) expect(marked).not.toContain(b.id_mutation);
    expect(list.items.filter((t) => !t.single).every((t) => !t.outlier)).toBe(true);

    const csv = await (await api.fetch(`/api/transactions.csv?${place}`)).text();
    const [header, ...rows] = csv.slice(1).split('\r\n').filter(Boolean);
    expect(header?.split(';').at(-1)).toBe('Hors bornes de plausibilité');
    expect(
      rows
        .find((r) => r.includes(o?.id_mutation ?? '?'))
        ?.split(';')
        .at(-1),
    ).toBe('oui');
    expect(rows.filter((r) => r.endsWith(';oui'))).toHaveLength(marked.length);

    const detail = await get<MutationDetail>(`/api/transactions/${encodeURIComponent(o?.id_mutation ?? '')}`);
    expect(detail.outlier).toBe(true);
    expect(detail.statistics).toContain('hors bornes de plausibilité');
  });

  it('names an off-plan sale with typographic apostrophes, as DVF writes it with straight ones', async () => {
    const [vefa] = await db.query<{ id_mutation: string }>(
      `SELECT id_mutation FROM dvf_mutations WHERE nature_mutation = 'Vente en l''état futur d''achèvement' LIMIT 1`,
    );
    expect(vefa, 'the Bondy sample holds off-plan sales').toBeDefined();
    const detail = await get<MutationDetail>(`/api/transactions/${encodeURIComponent(vefa?.id_mutation ?? '')}`);
    expect(detail.natureLabel).toBe('Vente en l’état futur d’achèvement');
    expect(detail.nature).toBe('Vente en l’état futur d’achèvement');
  });

  it('explains why a multi-dwelling sale is left out of the statistics', async () => {
    const list = await get<TransactionList>(`/api/transactions?${YEAR}&pageSize=200&sort=prix&order=desc`);
    const multi = list.items.find((t) => t.nbLocaux > 1);
    expect(multi).toBeDefined();
    const detail = await get<MutationDetail>(`/api/transactions/${encodeURIComponent(multi?.id ?? '')}`);
    expect(detail.statistics).toBe('Vente écartée des statistiques\u00a0: plusieurs locaux vendus ensemble\u00a0: prix non divisible.');
  });
});

describe('the extent of a list', () => {
  it('encloses every located match, on every page, and is null when nothing matches', async () => {
    const first = await get<TransactionList>('/api/transactions?insee=93010&pageSize=1');
    const points = await get<TransactionPoints>('/api/transactions?insee=93010&format=geojson');
    expect(points.features.length).toBeGreaterThan(100);
    const lons = points.features.map((f) => f.geometry.coordinates[0]);
    const lats = points.features.map((f) => f.geometry.coordinates[1]);
    expect(first.bounds).not.toBeNull();
    const [w, s, e, n] = first.bounds ?? [0, 0, 0, 0];
    expect(w).toBeCloseTo(Math.min(...lons), 4);
    expect(s).toBeCloseTo(Math.min(...lats), 4);
    expect(e).toBeCloseTo(Math.max(...lons), 4);
    expect(n).toBeCloseTo(Math.max(...lats), 4);
    // Bondy is about 4 km across: the extent is the commune's, not one sale's.
    expect(e - w).toBeGreaterThan(0.02);
    const beyond = await get<TransactionList>('/api/transactions?insee=93010&pageSize=1&page=99999');
    expect(beyond.items).toEqual([]);
    expect(beyond.bounds).toEqual(first.bounds);
    const none = await get<TransactionList>('/api/transactions?insee=93010&priceMin=900000000');
    expect(none).toMatchObject({ total: 0, bounds: null });
  });

  it('gives the newest sale of the place whatever the period and the other filters', async () => {
    const all = await get<TransactionList>('/api/transactions?insee=93010&pageSize=1');
    expect(all.newest).toBe(all.items[0]?.date);
    const older = await get<TransactionList>('/api/transactions?insee=93010&to=2022-06-30&types=maison&pageSize=1');
    expect((older.items[0]?.date ?? '').slice(0, 10) <= '2022-06-30').toBe(true);
    expect(older.newest).toBe(all.newest);
    const nowhere = await get<TransactionList>('/api/transactions?lat=43.0&lon=5.0&radius=100');
    expect(nowhere).toMatchObject({ total: 0, newest: null });
  });
});

describe('addresses as the BAN writes them', () => {
  it('gives a sale’s street the accents of the commune’s BAN in the list, the CSV and the mutation', async () => {
    const path = '/api/transactions?parcelle=930100000M0002';
    const before = await get<TransactionList>(path);
    // Without the BAN, the DGFiP's spelling, without its accent (« Galliéni » has no single spelling to guess)…
    expect(before.items.map((t) => t.address)).toContain('204 Avenue Gallieni');
    // …but a word of street names with one spelling takes its accents already.
    const republique = await get<TransactionList>('/api/transactions?parcelle=93010000AJ0046');
    expect(republique.items.map((t) => t.address)).toContain('36 Avenue de la République');
    await importSamples(db, [SAMPLE.bondyBan]);
    const after = await get<TransactionList>(path);
    expect(after.items.map((t) => t.address)).toContain('204 Avenue Galliéni');
    const csv = await (await api.fetch(path.replace('/api/transactions', '/api/transactions.csv'))).text();
    expect(csv).toContain(';204 Avenue Galliéni;93140;Bondy;');
    const id = after.items.find((t) => t.address === '204 Avenue Galliéni')?.id as string;
    const detail = await get<MutationDetail>(`/api/transactions/${encodeURIComponent(id)}`);
    expect(detail.address).toBe('204 Avenue Galliéni');
    expect(detail.lines.map((l) => l.address)).toContain('204 Avenue Galliéni');
  }, 120_000);
});
