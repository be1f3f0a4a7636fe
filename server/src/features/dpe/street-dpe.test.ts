/**
 * A DPE the BAN matched to its street only (`identifiant_ban` of a street) sits at the street's
 * point. Its address is written with the number the diagnostician typed; its parcel is the one the
 * BAN lists for that number when the BAN imported here knows it, and none otherwise — never the
 * parcel that happens to lie under the street's point. Bondy's cadastre and BAN samples.
 */
import { type DpeDetail, dpeDetailSchema } from '@immoloupe/shared/dpe/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestDb } from '../../test/db.js';
import { importSamples, type RouterServer, SUBSCRIBER, serveRouter } from '../market/test-support.js';
import { parcelRoutes } from '../parcels/routes.js';
import { typedAddressBanId } from './parcel-facts.js';
import { dpeRoutes } from './routes.js';

let db: Db;
let api: RouterServer;

/** The parcel whose centre stands for the street's point, as ADEME's geocoder would give it. */
const UNDER = '93010000AS0167';

beforeAll(async () => {
  db = await createTestDb();
  await importSamples(db, ['cadastre/cadastre-93010-parcelles_2025.json.gz', 'ban/adresses-93010_bondy.csv']);
  const [point] = await db.query<{ lon: number; lat: number }>(
    'SELECT centroid_lon AS lon, centroid_lat AS lat FROM parcels WHERE id = $1',
    [UNDER],
  );
  await db.query(
    `INSERT INTO dpe (numero_dpe, modele, date_etablissement, etiquette_dpe, type_batiment, surface_habitable_logement,
                      adresse_ban, nom_rue_ban, code_postal_ban, code_insee_ban, nom_commune_ban, identifiant_ban, numero_voie_saisi,
                      longitude, latitude, import_run_id)
     VALUES ('2393N0000001A', 'neuf', '2024-03-01', 'B', 'appartement', 62, 'Avenue Carnot 93140 Bondy', 'Avenue Carnot', '93140',
             '93010', 'Bondy', '93010_1430', '27', $1, $2, 1),
            ('2393N0000002B', 'neuf', '2024-03-01', 'B', 'appartement', 48, 'Avenue Carnot 93140 Bondy', 'Avenue Carnot', '93140',
             '93010', 'Bondy', '93010_1430', NULL, $1, $2, 1)`,
    [point?.lon, point?.lat],
  );
  api = await serveRouter(dpeRoutes({ db }).use(parcelRoutes({ db })), SUBSCRIBER);
}, 300_000);

afterAll(async () => {
  await api?.close();
  await db?.close();
});

async function detail(numero: string): Promise<DpeDetail> {
  const res = await api.fetch(`/api/dpe/${numero}`);
  expect(res.status).toBe(200);
  return dpeDetailSchema.parse(await res.json());
}

describe('a DPE matched to its street only', () => {
  it('is written at the number typed, on the parcel the BAN lists for that number', async () => {
    const d = await detail('2393N0000001A');
    expect(d.address).toBe('27 Avenue Carnot 93140 Bondy');
    expect(d.parcel).toMatchObject({ id: '93010000AC0033', via: 'ban' });
  });

  it('has no parcel when no number was typed: the one under the street’s point is not its own', async () => {
    const d = await detail('2393N0000002B');
    expect(d.address).toBe('Avenue Carnot 93140 Bondy');
    expect(d.parcel).toBeNull();
    // Its point lies on that parcel, whose sheet does not list it among its DPE.
    const sheet = (await (await api.fetch(`/api/parcels/${UNDER}`)).json()) as { dpe: { numeroDpe: string }[] };
    expect(sheet.dpe.map((x) => x.numeroDpe)).not.toContain('2393N0000002B');
  });
});

describe('typedAddressBanId', () => {
  it('writes the BAN id of the first number typed, with its repetition', () => {
    expect(typedAddressBanId('93010_1430', '27')).toBe('93010_1430_00027');
    expect(typedAddressBanId('62397_0820', '39bis')).toBe('62397_0820_00039_bis');
    expect(typedAddressBanId('69388_4810', '248-264')).toBe('69388_4810_00248');
    expect(typedAddressBanId('69388_4810', 'B')).toBeNull();
  });
});
