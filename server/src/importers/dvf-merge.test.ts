/**
 * The mutation-level fields of the merge: a mutation's address and position are those of its
 * first line that has them, not necessarily its first line; its locals are counted once each.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { GEO_DVF_HEADER } from '../features/alerts/testing/dvf-fixture.js';
import { createTestDb } from '../test/db.js';
import { runImport } from './run.js';

let db: Db;
const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-dvf-merge-'));

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const COLUMNS = GEO_DVF_HEADER.split(',');

function line(fields: Record<string, string | number>): string {
  const base: Record<string, string | number> = {
    date_mutation: '2022-03-15',
    numero_disposition: '000001',
    nature_mutation: 'Vente',
    code_postal: '93140',
    code_commune: '93010',
    nom_commune: 'Bondy',
    code_departement: '93',
  };
  const all = { ...base, ...fields };
  return COLUMNS.map((c) => String(all[c] ?? '')).join(',');
}

it('takes the first address and position found in the mutation, and counts distinct locals', async () => {
  const terrain = { code_nature_culture: 'S', nature_culture: 'sols', surface_terrain: 120 };
  const rows = [
    // A: a plot without address or position first, then the house, then its outbuilding.
    line({ id_mutation: '2022-A', valeur_fonciere: 300000, id_parcelle: '93010000AB0001', ...terrain }),
    line({
      id_mutation: '2022-A',
      valeur_fonciere: 300000,
      id_parcelle: '93010000AB0001',
      adresse_numero: 12,
      adresse_nom_voie: 'RUE DE LA REPUBLIQUE',
      code_type_local: 1,
      type_local: 'Maison',
      surface_reelle_bati: 90,
      nombre_pieces_principales: 4,
      longitude: 2.48,
      latitude: 48.9,
    }),
    line({
      id_mutation: '2022-A',
      valeur_fonciere: 300000,
      id_parcelle: '93010000AB0001',
      adresse_numero: 14,
      adresse_nom_voie: 'RUE DE LA REPUBLIQUE',
      code_type_local: 3,
      type_local: 'Dépendance',
      longitude: 2.49,
      latitude: 48.91,
    }),
    // B: one flat written twice (one line per plot), the address on the first line.
    ...[1, 2].map((n) =>
      line({
        id_mutation: '2022-B',
        valeur_fonciere: 200000,
        id_parcelle: `93010000AC000${n}`,
        adresse_numero: 3,
        adresse_nom_voie: 'ALLEE DES TILLEULS',
        code_type_local: 2,
        type_local: 'Appartement',
        surface_reelle_bati: 50,
        nombre_pieces_principales: 2,
        longitude: 2.47 + n / 100,
        latitude: 48.89,
      }),
    ),
  ];
  const file = path.join(dir, 'dvf-merge.csv');
  writeFileSync(file, `${[GEO_DVF_HEADER, ...rows].join('\n')}\n`);
  const report = await runImport(db, { path: file, source: 'dvf', startedBy: 'test' });
  expect(report.status).toBe('succeeded');

  const mutations = await db.query<Record<string, unknown>>(
    `SELECT id_mutation, adresse_numero, adresse_nom_voie, nb_lignes, nb_locaux, longitude, latitude
       FROM dvf_mutations ORDER BY id_mutation`,
  );
  expect(mutations).toEqual([
    {
      id_mutation: '2022-A',
      adresse_numero: '12',
      adresse_nom_voie: 'RUE DE LA REPUBLIQUE',
      nb_lignes: 3,
      nb_locaux: 1,
      longitude: 2.48,
      latitude: 48.9,
    },
    {
      id_mutation: '2022-B',
      adresse_numero: '3',
      adresse_nom_voie: 'ALLEE DES TILLEULS',
      nb_lignes: 2,
      nb_locaux: 1,
      longitude: 2.48,
      latitude: 48.89,
    },
  ]);
  // Both are single-local sales; A is the house, B the flat.
  const sales = await db.query<{ id_mutation: string; code_type_local: number }>(
    'SELECT id_mutation, code_type_local FROM dvf_sales ORDER BY id_mutation',
  );
  expect(sales).toEqual([
    { id_mutation: '2022-A', code_type_local: 1 },
    { id_mutation: '2022-B', code_type_local: 2 },
  ]);
});
