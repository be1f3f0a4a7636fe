/**
 * A DPE the BAN matched to its street only (`identifiant_ban` of a street) sits at the street's
 * point. Its address is written with the number the diagnostician typed; its parcel is the one the
 * BAN lists for that number when the BAN imported here knows it, and none otherwise — never the
 * parcel that happens to lie under the street's point. Bondy's cadastre and BAN samples.
 */
import { type DpeDetail, dpeDetailSchema } from '@immoloupe/shared/dpe/contracts';
import { localisationQuerySchema } from '@immoloupe/shared/listings/localisation.logic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestDb } from '../../test/db.js';
import { dpeOfZone } from '../listings/localisation.js';
import { type RouterServer, SUBSCRIBER, serveRouter } from '../market/test-support.js';
import { parcelRoutes } from '../parcels/routes.js';
import { placeDpeAtTypedNumbers } from './placement.js';
import { dpeRoutes } from './routes.js';

let db: Db;
let api: RouterServer;

/** The parcel whose centre stands for the street's point, as ADEME's geocoder would give it. */
const UNDER = '93010000AS0167';

beforeAll(async () => {
  db = await createTestDb({ samples: ['cadastre/cadastre-93010-parcelles_2025.json.gz', 'ban/adresses-93010_bondy.csv'] });
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
  // As an import of Bondy's BAN does for the DPE already there.
  await db.transaction((tx) => placeDpeAtTypedNumbers(tx, { communesSql: "VALUES ('93010')" }));
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
    expect(d.placedAt).toBe('typedNumber');
    // Its parcel's sheet lists it; the one under the street's point does not.
    const sheet = (await (await api.fetch('/api/parcels/93010000AC0033')).json()) as { dpe: { numeroDpe: string }[] };
    expect(sheet.dpe.map((x) => x.numeroDpe)).toContain('2393N0000001A');
    const under = (await (await api.fetch(`/api/parcels/${UNDER}`)).json()) as { dpe: { numeroDpe: string }[] };
    expect(under.dpe.map((x) => x.numeroDpe)).not.toContain('2393N0000001A');
  });

  it('has no parcel when no number was typed: the one under the street’s point is not its own', async () => {
    const d = await detail('2393N0000002B');
    expect(d.address).toBe('Avenue Carnot 93140 Bondy');
    expect(d.parcel).toBeNull();
    expect(d.placedAt).toBe('street');
    // Its point lies on that parcel, whose sheet does not list it among its DPE.
    const sheet = (await (await api.fetch(`/api/parcels/${UNDER}`)).json()) as { dpe: { numeroDpe: string }[] };
    expect(sheet.dpe.map((x) => x.numeroDpe)).not.toContain('2393N0000002B');
  });
});

describe('the localisation of a listing', () => {
  it('takes a DPE placed at its typed number for a DPE of that BAN address, and the other for the street’s', async () => {
    const rows = await dpeOfZone(db, localisationQuerySchema.parse({ insee: '93010', surface: 55 }));
    const byNumero = new Map(rows.map((r) => [r.numeroDpe, r]));
    expect(byNumero.get('2393N0000001A')).toMatchObject({ banId: '93010_1430_00027', typedAddress: false });
    expect(byNumero.get('2393N0000002B')).toMatchObject({ banId: '93010_1430', typedAddress: false });
  });
});
