/**
 * Addresses in the villages of a commune nouvelle. Pierrefitte-sur-Seine (93059) is part of
 * Saint-Denis (93066) since 2025; the BAN files its addresses under 93066 with the former commune's
 * code and name, and both have a « Rue de Paris ». A small BAN file written at test time.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { runImport } from '../../importers/run.js';
import { createTestDb } from '../../test/db.js';
import { geocode } from './geocode.js';

const HEADER =
  'id;id_fantoir;numero;rep;nom_voie;code_postal;code_insee;nom_commune;code_insee_ancienne_commune;nom_ancienne_commune;x;y;lon;lat;type_position;alias;nom_ld;libelle_acheminement;nom_afnor;source_position;source_nom_voie;certification_commune;cad_parcelles';

const SAINT_DENIS = { lon: 2.36, lat: 48.936 };
const PIERREFITTE = { lon: 2.365, lat: 48.964 };

function row(id: string, numero: number, voie: string, village: boolean, at: { lon: number; lat: number }): string {
  return [
    id,
    '',
    numero,
    '',
    voie,
    village ? '93380' : '93200',
    '93066',
    'Saint-Denis',
    village ? '93059' : '',
    village ? 'Pierrefitte-sur-Seine' : '',
    '652000',
    '6868000',
    at.lon + numero / 100_000,
    at.lat,
    'entrée',
    '',
    '',
    'SAINT-DENIS',
    voie.toUpperCase(),
    'commune',
    'commune',
    '1',
    '',
  ].join(';');
}

let db: Db;
let dir: string;

beforeAll(async () => {
  db = await createTestDb();
  dir = mkdtempSync(path.join(tmpdir(), 'ban-villages-'));
  const file = path.join(dir, 'adresses-93.csv');
  const rows = [
    row('93066_sd001_00001', 1, 'Rue de Paris', false, SAINT_DENIS),
    row('93066_sd001_00002', 2, 'Rue de Paris', false, SAINT_DENIS),
    row('93066_pf001_00001', 1, 'Rue de Paris', true, PIERREFITTE),
    row('93066_pf001_00003', 3, 'Rue de Paris', true, PIERREFITTE),
    row('93066_pf002_00005', 5, 'Avenue Gallieni', true, PIERREFITTE),
  ];
  // And one address of Paris 18e: the BAN files Paris under its arrondissements.
  const paris = row('75118_or001_00010', 10, 'Rue Ordener', false, { lon: 2.35, lat: 48.892 })
    .replace(';93200;93066;Saint-Denis;', ';75018;75118;Paris 18e Arrondissement;')
    .replace('SAINT-DENIS', 'PARIS');
  writeFileSync(file, `${[HEADER, ...rows, paris].join('\n')}\n`);
  const report = await runImport(db, { path: file, startedBy: 'test' });
  expect(report.status, report.error ?? '').toBe('succeeded');
});
afterAll(async () => {
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const first = async (q: string) => (await geocode(db, q, 8))[0];

describe('addresses in the villages of a commune nouvelle', () => {
  it('keeps each village’s street apart, placed on its own addresses', async () => {
    const voies = await db.query<{ nom_ancienne_commune: string | null; lat: number; nb_adresses: number }>(
      `SELECT nom_ancienne_commune, lat, nb_adresses FROM ban_voies WHERE nom_voie = 'Rue de Paris' ORDER BY lat`,
    );
    expect(voies).toEqual([
      { nom_ancienne_commune: null, lat: SAINT_DENIS.lat, nb_adresses: 2 },
      { nom_ancienne_commune: 'Pierrefitte-sur-Seine', lat: PIERREFITTE.lat, nb_adresses: 2 },
    ]);
  });

  it('finds an address by its village’s name and names the village as La Poste does', async () => {
    for (const q of ['1 rue de Paris Pierrefitte', '1 rue de Paris Pierrefitte-sur-Seine', '1 rue de Paris 93380']) {
      const hit = await first(q);
      expect(hit, q).toMatchObject({ type: 'adresse', label: '1 Rue de Paris, Pierrefitte-sur-Seine, 93380 Saint-Denis' });
      expect(hit?.lat).toBe(PIERREFITTE.lat);
      expect(hit?.commune?.code).toBe('93066');
    }
    expect(await first('1 rue de Paris 93200 Saint-Denis')).toMatchObject({
      label: '1 Rue de Paris, 93200 Saint-Denis',
      lat: SAINT_DENIS.lat,
    });
    expect(await first('rue de Paris Pierrefitte')).toMatchObject({
      type: 'voie',
      label: 'Rue de Paris, Pierrefitte-sur-Seine, 93380 Saint-Denis',
    });
  });

  it('places the village itself, in its commune nouvelle', async () => {
    const hit = await first('Pierrefitte-sur-Seine');
    expect(hit).toMatchObject({ type: 'commune', label: 'Pierrefitte-sur-Seine, 93380 Saint-Denis', commune: { code: '93066' } });
    expect(hit?.lat).toBeCloseTo(PIERREFITTE.lat, 6);
  });

  it('searches the streets of Paris in its arrondissements when the query names Paris', async () => {
    const hit = await first('10 rue Ordener Paris');
    expect(hit).toMatchObject({ type: 'adresse', label: '10 Rue Ordener, 75018 Paris 18e Arrondissement' });
    // Ranked as in the commune named: 0,784 here, 0,604 when the arrondissements were not searched as Paris.
    expect(hit?.score).toBeGreaterThan(0.75);
  });

  it('places Paris by its arrondissements’ streets', async () => {
    const paris = (await geocode(db, 'Paris', 8)).find((r) => r.type === 'commune' && r.commune?.code === '75056');
    expect(paris?.lat).toBe(48.892);
  });

  it('the migration gives the streets of a base imported before it what an import gives now', async () => {
    const streets = () =>
      db.query(
        `SELECT voie_key, nom_voie, code_postal, nom_ancienne_commune, search, lon, lat, nb_adresses FROM ban_voies ORDER BY voie_key`,
      );
    const imported = await streets();
    // As the importer left them before: one key per commune and street name, villages merged.
    await db.query(`UPDATE ban_addresses SET voie_key = split_part(voie_key, '|', 1) || '|' || split_part(voie_key, '|', 2)`);
    await db.query(`DELETE FROM ban_voies WHERE code_insee = '93066'`);
    await db.query(`INSERT INTO ban_voies (voie_key, code_insee, nom_voie, code_postal, nom_commune, search, lon, lat, nb_adresses)
      SELECT voie_key, min(code_insee), min(nom_voie), min(code_postal), min(nom_commune), '', avg(lon), avg(lat), count(*)
        FROM ban_addresses WHERE code_insee = '93066' GROUP BY voie_key`);
    // Saint-Denis's two « Rue de Paris » as one street, Avenue Gallieni, and Paris 18e's street.
    expect(await streets()).toHaveLength(3);
    const sql = readFileSync(
      fileURLToPath(new URL('../../db/migrations/1297_ban_streets_of_former_communes.sql', import.meta.url)),
      'utf8',
    );
    // The column is already there: the rest of the migration, as it runs.
    await db.transaction((tx) => tx.exec(sql.replace(/ALTER TABLE ban_voies ADD COLUMN nom_ancienne_commune text;/, '')));
    expect(await streets()).toEqual(imported);
  });
});
