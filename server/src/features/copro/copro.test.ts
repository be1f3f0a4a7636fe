/**
 * The co-ownership search over HTTP on the Bondy RNIC extract (37 co-ownerships; data date
 * 2026-01-03) with the Bondy cadastre, DVF 2022 and BAN: mandate filters, syndic, lots, periods,
 * CSV, map grid and the detail with parcels and sales — by address for the 20 co-ownerships whose
 * RNIC record gives no cadastral reference.
 */
import { type CoproDetail, type CoproList, coproDetailSchema, coproListSchema } from '@immoloupe/shared/copro/contracts';
import { csvNumber } from '@immoloupe/shared/market/csv';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.js';
import { csvRows, formulaCells, HYPERLINK, SUM } from '../../test/csv-formulas.js';
import { createTestDb } from '../../test/db.js';
import { type RouterServer, SAMPLE, SUBSCRIBER, serveRouter } from '../market/test-support.js';
import { coproRoutes } from './routes.js';

let db: Db;
let api: RouterServer;
beforeAll(async () => {
  db = await createTestDb({ samples: [SAMPLE.bondyCadastre, SAMPLE.bondyDvf, SAMPLE.bondyBan, SAMPLE.bondyCopro] });
  api = await serveRouter(coproRoutes({ db }), SUBSCRIBER);
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

describe('GET /api/copros', () => {
  it('lists the co-ownerships of Bondy, mandates ending first', async () => {
    const all = coproListSchema.parse(await get<CoproList>('/api/copros?insee=93010&pageSize=200'));
    expect(all.total).toBe(37);
    expect(all.asOf).toBe('2026-01-03');
    const ends = all.items.map((c) => c.finMandat ?? '9999');
    expect(ends).toEqual([...ends].sort());
    // Register addresses typed in lower case (« 58-60 r roger salengro ») written as the BAN does.
    const adresses = all.items.map((c) => c.adresse ?? '');
    expect(adresses).toContain('58-60 Rue Roger Salengro 93140 Bondy');
    expect(adresses.filter((a) => /^\d[\w/-]* (r|av|rte|all) /.test(a))).toEqual([]);
  });

  it('finds the mandates ending within 12 months of the data date, and those already ended', async () => {
    const all = (await get<CoproList>('/api/copros?insee=93010&pageSize=200')).items;
    const within = await get<CoproList>('/api/copros?insee=93010&endsWithin=12&pageSize=200');
    const expected = all.filter((c) => c.finMandat !== null && c.finMandat >= '2026-01-03' && c.finMandat < '2027-01-03');
    expect(within.total).toBe(expected.length);
    expect(within.total).toBeGreaterThan(15);
    expect(within.items.map((c) => c.numero).sort()).toEqual(expected.map((c) => c.numero).sort());
    const ended = await get<CoproList>('/api/copros?insee=93010&mandate=termine&pageSize=200');
    expect(ended.items.every((c) => (c.finMandat ?? '') < '2026-01-03' || c.mandatEnCours !== 'Mandat en cours')).toBe(true);
    expect(ended.total + within.total).toBeLessThanOrEqual(37);
    expect(ended.total).toBeGreaterThan(5);
  });

  it('filters by syndic type, name, SIRET, lots and period', async () => {
    const all = (await get<CoproList>('/api/copros?insee=93010&pageSize=200')).items;
    const check = async (query: string, keep: (c: (typeof all)[number]) => boolean) => {
      const got = await get<CoproList>(`/api/copros?insee=93010&pageSize=200&${query}`);
      expect(got.items.map((c) => c.numero).sort()).toEqual(
        all
          .filter(keep)
          .map((c) => c.numero)
          .sort(),
      );
      return got.total;
    };
    expect(
      await check('syndicTypes=professionnel', (c) => c.typeSyndic === 'professionnel' && c.mandatEnCours === 'Mandat en cours'),
    ).toBeGreaterThan(10);
    await check('syndicTypes=aucun', (c) => c.mandatEnCours !== 'Mandat en cours');
    expect(await check('syndic=atm', (c) => (c.syndic ?? '').toLowerCase().includes('atm'))).toBeGreaterThan(0);
    expect(await check('syndic=34863116900045', (c) => c.siret === '34863116900045')).toBeGreaterThan(0);
    // An individual entrepreneur, « TULIER*FLORENCE/ » in the register, is found by name and shown as one.
    const tulier = (await get<CoproList>('/api/copros?insee=93010&pageSize=200&syndic=tulier')).items;
    expect(tulier.length).toBeGreaterThan(0);
    expect(new Set(tulier.map((c) => c.syndic))).toEqual(new Set(['Florence Tulier (entreprise individuelle)']));
    await check('lotsMin=100&lotsMax=200', (c) => c.lots !== null && c.lots >= 100 && c.lots <= 200);
    await check('dwellingsMin=50', (c) => (c.lotsHabitation ?? -1) >= 50);
    await check('parkingMax=10', (c) => c.lotsStationnement !== null && c.lotsStationnement <= 10);
    await check('periods=AVANT_1949,DE_1949_A_1960', (c) => c.periode === 'AVANT_1949' || c.periode === 'DE_1949_A_1960');
    await check('flags=acv', (c) => c.acv === true);
    await check('dpeFG=1', () => false);
  });

  it('refuses bad input in French', async () => {
    for (const [path, message] of [
      ['/api/copros?insee=93010&endsWithin=0', 'Au moins 1 mois.'],
      ['/api/copros?insee=93010&syndicTypes=inconnu', 'Type de syndic inconnu'],
      ['/api/copros?insee=93010&mandate=termine&endsWithin=6', 'l’un ou l’autre'],
      ['/api/copros?insee=93010&lotsMin=10&lotsMax=5', 'Fourchette de nombre de lots inversée.'],
      ['/api/copros', 'Indiquez une zone'],
    ] as const)
      expect(JSON.stringify(await get(path, 400))).toContain(message);
  });

  it('exports a French CSV and aggregates map markers', async () => {
    const res = await api.fetch('/api/copros.csv?insee=93010&endsWithin=12');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^Immatriculation;Nom d’usage;Adresse;/);
    const within = await get<CoproList>('/api/copros?insee=93010&endsWithin=12');
    expect(lines).toHaveLength(within.total + 1);
    const grid = await get<{ total: number; features: { properties: { count: number } }[] }>(
      '/api/copros/clusters?insee=93010&bbox=2.4,48.85,2.55,48.95&zoom=10',
    );
    expect(grid.total).toBe(37);
    expect(grid.features.length).toBeLessThan(5);
  });
});

describe('GET /api/copros.csv', () => {
  it('writes a name or a syndic that looks like a formula as text', async () => {
    const [row] = await db.query<{ numero_immatriculation: string; nom_usage: string | null; raison_sociale_syndic: string | null }>(
      `SELECT numero_immatriculation, nom_usage, raison_sociale_syndic FROM copros WHERE code_insee = '93010' ORDER BY 1 LIMIT 1`,
    );
    const set = 'UPDATE copros SET nom_usage = $1, raison_sociale_syndic = $2 WHERE numero_immatriculation = $3';
    await db.query(set, [HYPERLINK, SUM, row?.numero_immatriculation]);
    try {
      const text = await (await api.fetch('/api/copros.csv?insee=93010')).text();
      expect(formulaCells(text)).toEqual([]);
      const line = csvRows(text).find((cells) => cells[0] === row?.numero_immatriculation);
      expect(line?.[1]).toBe(`'${HYPERLINK}`);
      expect(line).toContain(`'${SUM}`);
    } finally {
      await db.query(set, [row?.nom_usage ?? null, row?.raison_sociale_syndic ?? null, row?.numero_immatriculation]);
    }
  });

  it('names the file by the Paris day, says « échu » of a passed mandate and keeps precise coordinates', async () => {
    // 00:05 in Paris on 27/11/2026, still the 26th in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T23:05:00Z'));
    let res: Response;
    try {
      res = await api.fetch('/api/copros.csv?insee=93010&endsWithin=6');
    } finally {
      vi.useRealTimers();
    }
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="coproprietes-2026-11-27.csv"');
    const rows = (await res.text())
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((l) => l.split(';'));
    const header =
      'Immatriculation;Nom d’usage;Adresse;Code postal;Commune;Code INSEE;Lots (total);Lots d’habitation;Lots de stationnement;Période de construction;Type de syndic;Syndic;SIRET du syndic;Mandat;Fin du dernier mandat'.split(
        ';',
      );
    const at = (name: string) => header.indexOf(name);
    // Every mandate of this window ended before today (the sample's RNIC is of 03/01/2026, its window ends 02/07/2026).
    const passed = rows.filter((r) => r[at('Fin du dernier mandat')] === '28/02/2026');
    expect(passed).toHaveLength(1);
    expect(passed[0]?.[at('Mandat')]).toBe('Mandat échu (renouvellement non connu au RNIC du 03/01/2026)');
    expect(rows.some((r) => r[at('Mandat')] === 'Mandat en cours')).toBe(false);
    const { items } = await get<CoproList>('/api/copros?insee=93010&endsWithin=6&pageSize=200');
    const first = items.find((c) => c.numero === rows[0]?.[0]);
    expect(first?.lon).not.toBeNull();
    expect(rows[0]?.slice(-2)).toEqual([csvNumber(first?.lon as number, 6), csvNumber(first?.lat as number, 6)]);
    expect(rows[0]?.at(-2)).toMatch(/^2,\d{4,6}$/);
  });
});

describe('GET /api/copros/:numero', () => {
  /** The addresses (number and street) of the DVF lines of these mutations. */
  const lineAddresses = async (ids: string[]) =>
    (
      await db.query<{ a: string }>(
        `SELECT DISTINCT concat_ws(' ', adresse_numero, adresse_nom_voie) AS a FROM dvf_lines WHERE id_mutation = ANY($1::text[]) ORDER BY 1`,
        [ids],
      )
    ).map((r) => r.a);

  it('gives the parcels with outlines and the DVF sales on them', async () => {
    const withParcels = await db.query<{ numero_immatriculation: string }>(
      `SELECT cp.numero_immatriculation FROM copro_parcels cp JOIN dvf_lines l ON l.id_parcelle = cp.id_parcelle
        GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const numero = withParcels[0]?.numero_immatriculation as string;
    const d = coproDetailSchema.parse(await get<CoproDetail>(`/api/copros/${numero}`));
    expect(d.parcels.length).toBeGreaterThan(0);
    expect(d.parcels.some((p) => p.inCadastre && p.geometry)).toBe(true);
    expect(d.sales.length).toBeGreaterThan(0);
    expect(d.sales.every((s) => d.parcels.some((p) => p.id === s.idParcelle) || s.idParcelle !== null)).toBe(true);
    expect(d.proximity).toBeNull();
    await get('/api/copros/ZZ0000000', 404);
    await get('/api/copros/nimporte', 400);
  });

  it('keeps the sales on the parcels of a co-ownership with references, not those at its address', async () => {
    // 58 Rue Etienne Dolet, parcel BH0134: its sales are written 52, 52 B and 54 Rue Etienne Dolet.
    const d = coproDetailSchema.parse(await get<CoproDetail>('/api/copros/AB1444934'));
    expect(d.parcels.map((p) => p.id)).toEqual(['93010000BH0134']);
    expect(d.proximity).toBeNull();
    const onParcel = await db.query<{ id_mutation: string }>(
      `SELECT DISTINCT id_mutation FROM dvf_lines WHERE id_parcelle = '93010000BH0134' ORDER BY 1`,
    );
    expect(d.sales.map((s) => s.id).sort()).toEqual(onParcel.map((r) => r.id_mutation));
    expect(d.sales).toHaveLength(3);
    expect(await lineAddresses(d.sales.map((s) => s.id))).not.toContain('58 RUE ETIENNE DOLET');
  });

  it('matches the sales of a co-ownership without cadastral references by its number and street, not its neighbours', async () => {
    // « 58-60 r roger salengro »: no reference in the RNIC, which places it at its address.
    const d = coproDetailSchema.parse(await get<CoproDetail>('/api/copros/AA7926975'));
    expect(d.parcels).toEqual([]);
    expect(d.proximity).toEqual({ by: 'adresse', radiusM: 100 });
    expect(d.sales.length).toBeGreaterThan(0);
    expect(await lineAddresses(d.sales.map((s) => s.id))).toEqual(['60 RUE ROGER SALENGRO']);
    // The sale at 54 is nearer its position (a parcel centroid 24 m away) but a neighbour's.
    const [neighbour] = await db.query<{ id_mutation: string; d: number }>(
      `SELECT m.id_mutation, earth_distance(ll_to_earth(c.latitude, c.longitude), ll_to_earth(m.latitude, m.longitude)) AS d
         FROM dvf_mutations m, copros c
        WHERE c.numero_immatriculation = 'AA7926975' AND m.adresse_numero = '54' AND m.adresse_nom_voie = 'RUE ROGER SALENGRO'`,
    );
    expect(neighbour?.d).toBeLessThan(25);
    expect(d.sales.map((s) => s.id)).not.toContain(neighbour?.id_mutation);
  });

  it('reaches the sales of a large co-ownership, placed at its parcel centroid far from its address', async () => {
    // « 43 Rue Edouard Vaillant », 234 lots, no reference: its sales are at the centroid of a parcel 73 m away.
    const d = coproDetailSchema.parse(await get<CoproDetail>('/api/copros/AA0652685'));
    expect(d.proximity).toEqual({ by: 'adresse', radiusM: 100 });
    expect(d.sales.length).toBeGreaterThanOrEqual(3);
    expect(await lineAddresses(d.sales.map((s) => s.id))).toContain('43 RUE EDOUARD VAILLANT');
    const far = await db.query<{ d: number }>(
      `SELECT earth_distance(ll_to_earth(c.latitude, c.longitude), ll_to_earth(m.latitude, m.longitude)) AS d
         FROM dvf_mutations m, copros c WHERE c.numero_immatriculation = 'AA0652685' AND m.id_mutation = ANY($1::text[])`,
      [d.sales.map((s) => s.id)],
    );
    expect(Math.min(...far.map((r) => r.d))).toBeGreaterThan(50);
  });

  it('places a co-ownership without a RNIC position at its address in the BAN', async () => {
    const numero = 'AA0652685';
    const withPosition = coproDetailSchema.parse(await get<CoproDetail>(`/api/copros/${numero}`));
    // The RNIC leaves some records without coordinates: this one, as such a record.
    await db.query('UPDATE copros SET longitude = NULL, latitude = NULL WHERE numero_immatriculation = $1', [numero]);
    try {
      const d = coproDetailSchema.parse(await get<CoproDetail>(`/api/copros/${numero}`));
      expect(d.lon).toBeNull();
      expect(d.proximity).toEqual({ by: 'adresse', radiusM: 100 });
      expect(d.sales.map((s) => s.id)).toEqual(withPosition.sales.map((s) => s.id));
      expect(d.sales.length).toBeGreaterThan(0);
    } finally {
      await db.query('UPDATE copros SET longitude = $2, latitude = $3 WHERE numero_immatriculation = $1', [
        numero,
        withPosition.lon,
        withPosition.lat,
      ]);
    }
  });

  it('matches by position alone, within 25 m, a co-ownership whose address has no number', async () => {
    // « ctre commercial noue caillet »: no reference, no number; the nearest sale is 65 m away.
    const d = coproDetailSchema.parse(await get<CoproDetail>('/api/copros/AA4342416'));
    expect(d.parcels).toEqual([]);
    expect(d.proximity).toEqual({ by: 'position', radiusM: 25 });
    expect(d.sales).toEqual([]);
  });
});
