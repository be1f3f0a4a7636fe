/**
 * A DPE that ADEME matched to its street only stands at the BAN point of the number the
 * diagnostician typed, whichever of the DPE file and the BAN is imported first, and goes back to the
 * street's point when a later BAN no longer has that number. A DPE file written at test time (Avenue
 * Carnot, Bondy) and Bondy's BAN sample, both through the real importers.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { runImport } from '../../importers/run.js';
import { createTestDb } from '../../test/db.js';
import { samplePath } from '../market/test-support.js';

/** The street's point as ADEME gives it (Lambert-93), half-way along Avenue Carnot. */
const STREET_L93 = [662_060, 6_866_950] as const;

const HEADER =
  'numero_dpe,date_etablissement_dpe,etiquette_dpe,etiquette_ges,type_batiment,adresse_brut,adresse_ban,nom_rue_ban,code_postal_ban,code_insee_ban,nom_commune_ban,identifiant_ban,coordonnee_cartographique_x_ban,coordonnee_cartographique_y_ban';

/** numéro, adresse typed, BAN id (a street's, or an address's for the last). */
const DPE = [
  ['2393E0000001A', '27 Avenue Carnot', '93010_1430'],
  ['2393E0000002B', '27bis avenue Carnot', '93010_1430'],
  // « 41B » is not in the BAN, 41 is: the plain number.
  ['2393E0000003C', '41B AVENUE CARNOT', '93010_1430'],
  // No 3 in the BAN: the street's point stays.
  ['2393E0000004D', '3 Avenue Carnot', '93010_1430'],
  // No number typed.
  ['2393E0000005E', 'Avenue Carnot', '93010_1430'],
  // The BAN found the address itself: its point is ADEME's.
  ['2393E0000006F', '5 Avenue Carnot', '93010_1430_00005'],
] as const;

let db: Db;
let dir: string;
let dpeFile: string;

async function importFile(file: string): Promise<void> {
  const report = await runImport(db, { path: file, startedBy: 'cli:test' });
  expect(report.status, report.error ?? '').toBe('succeeded');
}

interface Placed {
  numero_dpe: string;
  lon: number;
  lat: number;
  typed_address_ban_id: string | null;
  street_lon: number | null;
  street_lat: number | null;
}

async function placed(): Promise<Map<string, Placed>> {
  const rows = await db.query<Placed>(
    `SELECT numero_dpe, longitude AS lon, latitude AS lat, typed_address_ban_id, street_longitude AS street_lon, street_latitude AS street_lat
       FROM dpe ORDER BY numero_dpe`,
  );
  return new Map(rows.map((r) => [r.numero_dpe, r]));
}

async function banPoint(id: string): Promise<{ lon: number; lat: number }> {
  const [a] = await db.query<{ lon: number; lat: number }>('SELECT lon, lat FROM ban_addresses WHERE id = $1', [id]);
  if (!a) throw new Error(`${id} absent from the BAN`);
  return a;
}

const dpeVersion = async () =>
  Number((await db.query<{ v: string }>(`SELECT version AS v FROM map_data_versions WHERE layer = 'dpe'`))[0]?.v);

let street: { lon: number; lat: number };

beforeAll(async () => {
  db = await createTestDb();
  dir = mkdtempSync(path.join(tmpdir(), 'dpe-placement-'));
  dpeFile = path.join(dir, 'dpe-neufs-bondy.csv');
  const lines = DPE.map(([numero, typed, banId]) =>
    [
      numero,
      '2024-03-01',
      'C',
      'C',
      'appartement',
      typed,
      `${typed} 93140 Bondy`,
      'Avenue Carnot',
      '93140',
      '93010',
      'Bondy',
      banId,
      ...STREET_L93,
    ].join(','),
  );
  writeFileSync(dpeFile, `${[HEADER, ...lines].join('\n')}\n`);
  // The DPE first: no BAN yet, every DPE at the file's point.
  await importFile(dpeFile);
  const first = await placed();
  const a = first.get('2393E0000001A');
  if (!a) throw new Error('DPE not imported');
  street = { lon: a.lon, lat: a.lat };
}, 300_000);

afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('placing a DPE at the number typed', () => {
  it('leaves every DPE at the file’s point while the BAN of its commune is not imported', async () => {
    for (const d of (await placed()).values()) {
      expect(d.typed_address_ban_id).toBeNull();
      expect(d.street_lon).toBeNull();
      expect([d.lon, d.lat]).toEqual([street.lon, street.lat]);
    }
  });

  it('moves it to the number when the BAN is imported after it, with its repetition, else the plain number', async () => {
    const before = await dpeVersion();
    await importFile(samplePath('ban/adresses-93010_bondy.csv'));
    const p = await placed();
    const expected: Record<string, string | null> = {
      '2393E0000001A': '93010_1430_00027',
      '2393E0000002B': '93010_1430_00027_bis',
      '2393E0000003C': '93010_1430_00041',
      '2393E0000004D': null,
      '2393E0000005E': null,
      '2393E0000006F': null,
    };
    for (const [numero, id] of Object.entries(expected)) {
      const d = p.get(numero);
      expect(d?.typed_address_ban_id, numero).toBe(id);
      if (id) {
        expect([d?.lon, d?.lat], numero).toEqual(Object.values(await banPoint(id)));
        expect([d?.street_lon, d?.street_lat], numero).toEqual([street.lon, street.lat]);
      } else {
        expect([d?.lon, d?.lat], numero).toEqual([street.lon, street.lat]);
        expect(d?.street_lon, numero).toBeNull();
      }
    }
    // Two numbers of one street, two points.
    expect(p.get('2393E0000001A')?.lat).not.toBe(p.get('2393E0000003C')?.lat);
    // The DPE tiles cached before are stale.
    expect(await dpeVersion()).toBeGreaterThan(before);
  });

  it('keeps it at the number when the DPE file is imported again, the street’s point still aside', async () => {
    await importFile(dpeFile);
    const d = (await placed()).get('2393E0000001A');
    expect(d?.typed_address_ban_id).toBe('93010_1430_00027');
    expect([d?.lon, d?.lat]).toEqual(Object.values(await banPoint('93010_1430_00027')));
    expect([d?.street_lon, d?.street_lat]).toEqual([street.lon, street.lat]);
  });

  it('is what migration 1299 gives to the DPE imported before it', async () => {
    const now = await placed();
    // The base as it was before the migration: every DPE at the file's point, no new column.
    await db.transaction((tx) =>
      tx.exec(`UPDATE dpe SET longitude = street_longitude, latitude = street_latitude WHERE typed_address_ban_id IS NOT NULL;
               ALTER TABLE dpe DROP COLUMN typed_address_ban_id, DROP COLUMN street_longitude, DROP COLUMN street_latitude`),
    );
    const sql = readFileSync(fileURLToPath(new URL('../../db/migrations/1299_dpe_placed_at_typed_number.sql', import.meta.url)), 'utf8');
    await db.transaction((tx) => tx.exec(sql));
    expect(await placed()).toEqual(now);
  });

  it('moves it back to the street when a new BAN of the commune no longer has that number', async () => {
    const file = path.join(dir, 'adresses-93010.csv');
    const ban = readFileSync(samplePath('ban/adresses-93010_bondy.csv'), 'utf8').split('\n');
    // The 27 and 27 bis of Avenue Carnot gone (renumbered, say), the rest of Bondy as it was.
    writeFileSync(file, ban.filter((l) => !l.startsWith('93010_1430_00027')).join('\n'));
    await importFile(file);
    const p = await placed();
    for (const numero of ['2393E0000001A', '2393E0000002B']) {
      const d = p.get(numero);
      expect(d?.typed_address_ban_id, numero).toBeNull();
      expect([d?.lon, d?.lat, d?.street_lon], numero).toEqual([street.lon, street.lat, null]);
    }
    expect(p.get('2393E0000003C')?.typed_address_ban_id).toBe('93010_1430_00041');
  });
});
