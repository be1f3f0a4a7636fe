/**
 * Risks and permits through HTTP, on the real samples: a Bondy parcel next to a BASIAS site and
 * an ICPE site lists them with their distance and Bondy's 8 GASPAR risks; Toulouse permits are
 * found around a point by their parcel (Sitadel gives no coordinates: two Toulouse parcels are
 * written here, as no Toulouse cadastre sample exists); bad input is refused in French; a visitor
 * without a subscription is refused.
 */
import { readFileSync } from 'node:fs';
import type { PermitSearch, Permits } from '@immoloupe/shared/permits/contracts';
import type { Risks } from '@immoloupe/shared/risks/contracts';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { EARTHDISTANCE_RADIUS_M } from '../../db/spatial.js';
import { RISK_SAMPLES, SITADEL_SAMPLES } from '../../importers/test-risk-samples.js';
import { setUpTwoSubscribers, type TwoSubscribers } from '../../test/two-subscribers.js';
import { LAPSED, SAMPLE } from '../market/test-support.js';
import { parcelsOfZone } from '../parcels/queries.js';
import { riskRoutes } from './routes.js';

const rel = (f: string) => f.split('/shared/data/')[1] as string;

let set: TwoSubscribers;
setUpTwoSubscribers(
  (db) => riskRoutes({ db }),
  {
    users: [LAPSED],
    samples: [SAMPLE.bondyCadastre, SAMPLE.bondyBan, ...Object.values(RISK_SAMPLES).map(rel), ...Object.values(SITADEL_SAMPLES).map(rel)],
    timeout: 180_000,
  },
  (s) => {
    set = s;
  },
);

/** Great-circle distance on earthdistance's sphere, in metres. */
function distance(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * EARTHDISTANCE_RADIUS_M * Math.asin(Math.sqrt(a));
}

describe('GET /api/parcels/:id/risks', () => {
  it('lists Bondy’s 8 risks and the BASIAS and ICPE sites next to a parcel, with their distance', async () => {
    // The parcel whose centroid is nearest to BASIAS site IDF9302157 (2.49762, 48.89607).
    const [parcel] = await set.db.query<{ id: string; lat: number; lon: number }>(
      `SELECT id, centroid_lat AS lat, centroid_lon AS lon FROM parcels WHERE code_commune = '93010'
        ORDER BY (centroid_lon - 2.49762) ^ 2 + (centroid_lat - 48.89607) ^ 2 LIMIT 1`,
    );
    if (!parcel) throw new Error('parcelle absente');
    const res = await set.api.fetch(`/api/parcels/${parcel.id}/risks`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Risks;
    expect(body.loaded).toEqual({ gaspar: true, icpe: true, basias: true });
    expect(body.risks.map((r) => r.code)).toEqual(['11', '114', '116', '12', '127', '17', '172', '24']);
    expect(body.risks.find((r) => r.code === '114')?.parent).toBe('11');
    const site = body.basias.find((b) => b.id === 'IDF9302157');
    expect(site?.distanceM).toBe(Math.round(distance(parcel.lat, parcel.lon, 48.89607, 2.49762)));
    expect(body.basias.every((b) => b.distanceM <= 500)).toBe(true);
    expect(body.basias.map((b) => b.distanceM)).toEqual([...body.basias.map((b) => b.distanceM)].sort((a, b) => a - b));
    // Every BASIAS site of the file within 500 m of the centroid, recounted from the file.
    const file = JSON.parse(readFileSync(RISK_SAMPLES.basiasBondy, 'utf8')) as {
      features: { properties: { identifiant: string }; geometry: { coordinates: number[][] } }[];
    };
    const near = file.features
      .filter((f) => distance(parcel.lat, parcel.lon, f.geometry.coordinates[0]?.[1] ?? 0, f.geometry.coordinates[0]?.[0] ?? 0) <= 500)
      .map((f) => f.properties.identifiant)
      .sort();
    expect(body.basias.map((b) => b.id).sort()).toEqual(near);
    expect(JSON.stringify(body)).not.toMatch(/DIDI|BUZDUGANARIU|VILLIER|GROSSIN/);
    // The address analysis asks the same around its point.
    const point = await set.api.fetch(`/api/risks?lat=${parcel.lat}&lon=${parcel.lon}&insee=93010`);
    expect(await point.json()).toEqual(body);
  });

  it('lists an ICPE site placed at its BAN address from a parcel around it', async () => {
    const [site] = await set.db.query<{ latitude: number; longitude: number }>(
      `SELECT latitude, longitude FROM icpe_sites WHERE id = '0006506273'`,
    );
    const [parcel] = await set.db.query<{ id: string; lat: number; lon: number }>(
      `SELECT id, centroid_lat AS lat, centroid_lon AS lon FROM parcels WHERE code_commune = '93010'
        ORDER BY (centroid_lon - $1) ^ 2 + (centroid_lat - $2) ^ 2 LIMIT 1`,
      [site?.longitude, site?.latitude],
    );
    const body = (await (await set.api.fetch(`/api/parcels/${parcel?.id}/risks`)).json()) as Risks;
    const bionaz = body.icpe.find((i) => i.id === '0006506273');
    expect(bionaz).toMatchObject({ operator: 'BIONAZ', regime: 'Enregistrement', placedBy: 'adresse' });
    expect(bionaz?.distanceM).toBe(Math.round(distance(parcel?.lat ?? 0, parcel?.lon ?? 0, site?.latitude ?? 0, site?.longitude ?? 0)));
  });

  it('says nothing was imported for a commune without files, refuses a bad id in French, and a visitor without subscription', async () => {
    const body = (await (await set.api.fetch('/api/risks?lat=43.37&lon=-1.77&insee=64260')).json()) as Risks;
    expect(body).toMatchObject({ insee: '64260', loaded: { gaspar: true, icpe: false, basias: false }, icpe: [], basias: [] });
    expect(body.risks).toHaveLength(9);
    const paris = (await (await set.api.fetch('/api/risks?lat=48.89&lon=2.35&insee=75118')).json()) as Risks;
    expect(paris.insee).toBe('75056');
    expect(paris.risks.map((r) => r.label)).toEqual(['Inondation', 'Transport de marchandises dangereuses']);
    const bad = await set.api.fetch('/api/parcels/XX/risks');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^Identifiant de parcelle invalide/);
    const badPoint = await set.api.fetch('/api/risks?lat=200&lon=2&insee=93010');
    expect(badPoint.status).toBe(400);
    const lapsed = await set.serve(LAPSED);
    expect((await lapsed.fetch('/api/risks?lat=48.9&lon=2.48&insee=93010')).status).toBe(403);
  });
});

describe('GET /api/permits', () => {
  it('finds the Toulouse permits of the parcels within the radius, as a recount of the files gives', async () => {
    // Two Toulouse parcels 300 m apart and a third 900 m away; their outlines are squares written here.
    const parcels = [
      ['31555000AB0246', 43.6, 1.43],
      ['31555000AD0180', 43.6027, 1.43],
      ['31555000AM0493', 43.6081, 1.43],
    ] as const;
    for (const [id, lat, lon] of parcels) {
      const d = 0.0002;
      await set.db.query(
        `INSERT INTO parcels (id, code_commune, prefixe, section, numero, code_section, contenance, geometry, centroid_lon, centroid_lat,
                              bbox_west, bbox_south, bbox_east, bbox_north, is_current, first_vintage, last_vintage, import_run_id)
         VALUES ($1, '31555', '000', substr($1, 9, 2), substr($1, 11, 4), substr($1, 1, 10), 400, $2::jsonb, $3, $4, $5, $6, $7, $8, true, '2025-01-01', '2025-01-01', 0)`,
        [
          id,
          JSON.stringify({
            type: 'Polygon',
            coordinates: [
              [
                [lon - d, lat - d],
                [lon + d, lat - d],
                [lon + d, lat + d],
                [lon - d, lat + d],
                [lon - d, lat - d],
              ],
            ],
          }),
          lon,
          lat,
          lon - d,
          lat - d,
          lon + d,
          lat + d,
        ],
      );
    }
    // Recount: lines of the four files whose first parcel is one of the two near parcels.
    const expected: string[] = [];
    for (const file of Object.values(SITADEL_SAMPLES)) {
      const [, codes, ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
      const names = (codes ?? '').split(';').map((c) => c.replace(/"/g, ''));
      for (const line of lines) {
        const f = line.split(';').map((c) => c.replace(/"/g, ''));
        const v = (n: string) => f[names.indexOf(n)] ?? '';
        const parcel = `31555000${v('SEC_CADASTRE1').padStart(2, '0')}${v('NUM_CADASTRE1').padStart(4, '0')}`;
        if (parcel === '31555000AB0246' || parcel === '31555000AD0180') expected.push(v('NUM_DAU') || v('NUM_PA') || v('NUM_PD'));
      }
    }
    expect(expected.length).toBeGreaterThan(2);
    const res = await set.api.fetch('/api/permits?lat=43.6&lon=1.43&rayon=500');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Permits;
    expect(body.loaded).toBe(true);
    expect(body.permits.map((p) => p.id).sort()).toEqual(expected.sort());
    const pc = body.permits.find((p) => p.id === '03155511C1330' && p.list === 'logements');
    expect(pc).toMatchObject({
      kind: 'PC',
      status: 5,
      authorisedOn: '2013-06-28',
      dwellings: 6,
      housingArea: 414,
      landArea: 377,
      distanceM: 0,
    });
    const dates = body.permits.map((p) => p.authorisedOn ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    const sheet = (await (await set.api.fetch('/api/parcels/31555000AM0493/permits')).json()) as Permits;
    expect(sheet.permits.some((p) => p.parcelId === '31555000AM0493')).toBe(true);
    expect(sheet.permits.some((p) => p.parcelId === '31555000AB0246')).toBe(false);
    // The land search's filter: parcels with a permit authorised since 2020 within 100 m (their own) or 400 m (their neighbour's).
    const recent = new Set<string>();
    for (const file of Object.values(SITADEL_SAMPLES)) {
      const [, codes, ...lines] = readFileSync(file, 'utf8').trimEnd().split('\n');
      const names = (codes ?? '').split(';').map((c) => c.replace(/"/g, ''));
      for (const line of lines) {
        const f = line.split(';').map((c) => c.replace(/"/g, ''));
        const v = (n: string) => f[names.indexOf(n)] ?? '';
        if (v('DATE_REELLE_AUTORISATION') >= '2020-01-01')
          recent.add(`31555000${v('SEC_CADASTRE1').padStart(2, '0')}${v('NUM_CADASTRE1').padStart(4, '0')}`);
      }
    }
    const search = async (permitsWithin: number) =>
      (
        await parcelsOfZone(
          set.db,
          { kind: 'commune', code: '31555' },
          { anciennes: false, limit: 100, offset: 0, permitsWithin, permitsSince: '2020-01-01' },
        )
      ).parcels
        .map((x) => x.id)
        .sort();
    const ids = parcels.map(([id]) => id as string);
    // Not an empty answer by chance: one parcel has a recent permit, its neighbour none.
    expect([recent.has('31555000AB0246'), recent.has('31555000AD0180')]).toEqual([true, false]);
    expect(await search(100)).toEqual(ids.filter((id) => recent.has(id)));
    const pairs = ['31555000AB0246', '31555000AD0180'];
    expect(await search(400)).toEqual(
      ids.filter((id) => recent.has(id) || (pairs.includes(id) && pairs.some((other) => recent.has(other)))).sort(),
    );
    const bad = await set.api.fetch('/api/permits?lat=43.6&lon=1.43&rayon=10');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(/Rayon de 50\u00a0m au moins|Rayon de 50 m au moins/);
  });
});

describe('Bondy’s address analysis', () => {
  it('lists the commune’s GASPAR risks as the file gives them and the nearest BASIAS sites with their distance', async () => {
    // The address analysis asks `/api/risks` at the BAN point of its address: the one nearest BASIAS site IDF9302157.
    const [address] = await set.db.query<{ lat: number; lon: number }>(
      `SELECT lat, lon FROM ban_addresses WHERE code_insee = '93010' ORDER BY (lon - 2.49762) ^ 2 + (lat - 48.89607) ^ 2 LIMIT 1`,
    );
    if (!address) throw new Error('adresse absente');
    const gaspar = parse(readFileSync(RISK_SAMPLES.gaspar, 'utf8'), { delimiter: ';', columns: true }) as {
      cod_commune: string;
      lib_risque: string;
      num_risque: string;
    }[];
    const bondy = gaspar.filter((r) => r.cod_commune === '93010');
    expect(bondy).toHaveLength(8);
    const body = (await (await set.api.fetch(`/api/risks?lat=${address.lat}&lon=${address.lon}&insee=93010`)).json()) as Risks;
    expect(body.risks.map((r) => `${r.code} ${r.label}`).sort()).toEqual(bondy.map((r) => `${r.num_risque} ${r.lib_risque}`).sort());
    const file = JSON.parse(readFileSync(RISK_SAMPLES.basiasBondy, 'utf8')) as {
      features: { properties: { identifiant: string }; geometry: { coordinates: number[][] } }[];
    };
    const near = file.features
      .map((f) => ({
        id: f.properties.identifiant,
        d: Math.round(distance(address.lat, address.lon, f.geometry.coordinates[0]?.[1] ?? 0, f.geometry.coordinates[0]?.[0] ?? 0)),
      }))
      .filter((f) => f.d <= 500)
      .sort((a, b) => a.d - b.d || (a.id < b.id ? -1 : 1));
    expect(near.length).toBeGreaterThan(0);
    expect(body.basias.map((b) => ({ id: b.id, d: b.distanceM }))).toEqual(near);
  });
});

interface SitadelRow {
  list: string;
  id: string;
  kind: string;
  date: string;
  dwellings: number | null;
  parcels: string[];
}

/** Every line of the four Toulouse lists, read with csv-parse from their codes line. */
function sitadelRows(): SitadelRow[] {
  const rows: SitadelRow[] = [];
  for (const [list, file] of Object.entries(SITADEL_SAMPLES)) {
    const records = parse(readFileSync(file, 'utf8'), { delimiter: ';', from_line: 2, columns: true, relax_quotes: true }) as Record<
      string,
      string
    >[];
    for (const r of records) {
      const parcels = [1, 2, 3]
        .filter((n) => r[`NUM_CADASTRE${n}`])
        .map((n) => `31555000${(r[`SEC_CADASTRE${n}`] ?? '').padStart(2, '0')}${(r[`NUM_CADASTRE${n}`] ?? '').padStart(4, '0')}`);
      rows.push({
        list,
        id: r.NUM_DAU || r.NUM_PA || r.NUM_PD || '',
        kind: r.TYPE_DAU || (list === 'amenager' ? 'PA' : 'PD'),
        date: r.DATE_REELLE_AUTORISATION ?? '',
        dwellings: r.NB_LGT_TOT_CREES ? Number(r.NB_LGT_TOT_CREES) : null,
        parcels,
      });
    }
  }
  return rows;
}

describe('GET /api/permits/search', () => {
  const search = async (query: string) => {
    const res = await set.api.fetch(`/api/permits/search?${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as PermitSearch;
  };
  const key = (p: { list: string; kind: string; id: string }) => `${p.list}/${p.kind}/${p.id}`;

  it('finds by minimum housing units and period what a recount of the Toulouse files gives', async () => {
    const rows = sitadelRows();
    const [n] = await set.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM building_permits WHERE insee = '31555'`);
    expect(n?.n).toBe(rows.length);
    // 50 units or more: more than the 200 rows listed, counted and summed over all of them.
    const fifty = rows.filter((r) => r.dwellings !== null && r.dwellings >= 50);
    expect(fifty.length).toBeGreaterThan(200);
    const many = await search('commune=31555&logementsMin=50');
    expect(many).toMatchObject({ loaded: true, total: fifty.length, truncated: true });
    expect(many.permits).toHaveLength(200);
    expect(many.dwellings).toBe(fifty.reduce((s, r) => s + (r.dwellings ?? 0), 0));
    // 100 units or more: every one listed.
    const big = rows.filter((r) => r.dwellings !== null && r.dwellings >= 100);
    expect(big.length).toBeGreaterThan(5);
    const body = await search('commune=31555&logementsMin=100');
    expect(body).toMatchObject({ loaded: true, total: big.length, truncated: false });
    expect(body.dwellings).toBe(big.reduce((s, r) => s + (r.dwellings ?? 0), 0));
    expect(body.permits.map(key).sort()).toEqual(big.map(key).sort());
    expect(body.permits.every((p) => p.list === 'logements' && (p.dwellings ?? 0) >= 100)).toBe(true);
    const dates = body.permits.map((p) => p.authorisedOn ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    // A period and a kind.
    const pc2020 = rows.filter((r) => r.kind === 'PC' && r.date >= '2020-01-01' && r.date <= '2020-12-31' && (r.dwellings ?? 0) >= 10);
    expect(pc2020.length).toBeGreaterThan(0);
    const period = await search('commune=31555&type=PC&du=2020-01-01&au=2020-12-31&logementsMin=10');
    expect(period.total).toBe(pc2020.length);
    expect(period.permits.map(key).sort()).toEqual(pc2020.map(key).sort());
    // The demolition list of 2022 alone.
    const demolir = rows.filter((r) => r.list === 'demolir' && r.date.startsWith('2022'));
    const d = await search('commune=31555&liste=demolir&du=2022-01-01&au=2022-12-31');
    expect(d.total).toBe(demolir.length);
  });

  it('finds the permits of a parcel by its section and number, any of its three parcels', async () => {
    const rows = sitadelRows().filter((r) => r.parcels.includes('31555000AB0247'));
    expect(rows.length).toBeGreaterThan(0);
    const body = await search('commune=31555&section=AB&numero=247');
    expect(body.permits.map(key).sort()).toEqual(rows.map(key).sort());
    expect(body.permits.find((p) => p.id === '03155511C1330')?.parcelIds).toEqual(['31555000AB0246', '31555000AB0247']);
    const section = sitadelRows().filter((r) => r.parcels.some((p) => p.startsWith('31555000AB')));
    expect((await search('commune=31555&section=ab')).total).toBe(section.length);
  });

  it('never shows a private applicant, says when nothing was imported, refuses bad input in French', async () => {
    const all = await search('commune=31555&du=2000-01-01');
    expect(all.permits.every((p) => p.applicant === null || !/^(M|MR|MME|MLLE|MONSIEUR|MADAME)\.? /i.test(p.applicant))).toBe(true);
    expect(await search('commune=93010')).toMatchObject({ loaded: false, total: 0, permits: [] });
    for (const [query, message] of [
      ['commune=31', /Code INSEE invalide/],
      ['commune=31555&logementsMin=0', /Au moins 1 logement/],
      ['commune=31555&du=2024-01-01&au=2023-01-01', /La fin de la période précède son début/],
      ['commune=31555&numero=12', /Donnez la section/],
      ['commune=31555&type=XX', /Type d’autorisation inconnu/],
    ] as const) {
      const res = await set.api.fetch(`/api/permits/search?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(await res.json()), query).toMatch(message);
    }
    const lapsed = await set.serve(LAPSED);
    expect((await lapsed.fetch('/api/permits/search?commune=31555')).status).toBe(403);
  });
});
