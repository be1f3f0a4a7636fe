/**
 * The new sales of a saved parcel search (its alert), for a commune nouvelle and for a commune
 * merged into it: Pierrefitte-sur-Seine (93059) is part of Saint-Denis (93066) since 2025. A sale
 * recorded before the merger carries 93059 and a parcel filed under it; one after, 93066 and a
 * parcel Saint-Denis files with the prefix « 059 ».
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { runImport } from '../../importers/run.js';
import { createTestDb } from '../../test/db.js';
import { BONDY, type FixtureSale, writeSalesFile } from '../alerts/testing/dvf-fixture.js';
import { SAMPLE } from '../market/test-support.js';
import { newRows } from './tools.js';

let db: Db;
let dir: string;
let runs: { after: number; upTo: number };

const sale = (id: string, parcel: string, commune: FixtureSale['commune']): FixtureSale => ({
  id,
  date: '2025-03-01',
  type: 'maison',
  surface: 100,
  price: 300_000,
  street: 'RUE DE PARIS',
  lon: BONDY.lon,
  lat: BONDY.lat,
  parcel,
  commune,
});

beforeAll(async () => {
  // Bondy's 2025 cadastre: a prepared template (test/templates.ts).
  db = await createTestDb({ samples: [SAMPLE.bondyCadastre] });
  dir = mkdtempSync(path.join(tmpdir(), 'alertes-parcelles-'));
  // Bondy's parcels AS 167 and 168 stand for Pierrefitte's: 167 in Saint-Denis's cadastre under
  // the prefix 059, 168 in an older cadastre under 93059; 169 is Saint-Denis's own.
  await db.transaction(async (tx) => {
    await tx.query(
      `CREATE TEMP TABLE moved ON COMMIT DROP AS SELECT * FROM parcels WHERE id IN ('93010000AS0167', '93010000AS0168', '93010000AS0169')`,
    );
    await tx.query(`UPDATE moved SET code_commune = CASE WHEN numero = '168' THEN '93059' ELSE '93066' END,
                                     prefixe = CASE WHEN numero = '167' THEN '059' ELSE '000' END`);
    await tx.query(
      `UPDATE moved SET code_section = code_commune || prefixe || section, id = code_commune || prefixe || section || lpad(numero, 4, '0')`,
    );
    await tx.query('INSERT INTO parcels SELECT * FROM moved');
  });
  const before = await runImport(db, {
    path: writeSalesFile(dir, 'avant.csv', [sale('P-0', '93010000AS0170', undefined)]),
    startedBy: 'test',
  });
  expect(before.status).toBe('succeeded');
  const sales = [
    sale('P-APRES', '93066059AS0167', { code: '93066', nom: 'Saint-Denis' }),
    sale('P-AVANT', '93059000AS0168', { code: '93059', nom: 'Pierrefitte-sur-Seine' }),
    sale('P-SD', '93066000AS0169', { code: '93066', nom: 'Saint-Denis' }),
  ];
  const report = await runImport(db, { path: writeSalesFile(dir, 'nouvelles.csv', sales), startedBy: 'test' });
  expect(report.status, report.error ?? '').toBe('succeeded');
  runs = { after: before.runId, upTo: report.runId };
});
afterAll(async () => {
  await db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const newSales = async (query: string) => (await newRows(db, 'parcelles', query, 'personne', runs, 50)).map((r) => r.id).sort();

describe('alerts of a saved parcel search', () => {
  it('a former commune: its sales before the merger and those of its parcels in the commune nouvelle', async () => {
    expect(await newSales('commune=93059')).toEqual(['P-APRES', 'P-AVANT']);
    expect(await newSales('commune=93059&numero=167')).toEqual(['P-APRES']);
  });

  it('a commune nouvelle: its own sales and those recorded under the communes merged into it', async () => {
    expect(await newSales('commune=93066')).toEqual(['P-APRES', 'P-AVANT', 'P-SD']);
    expect(await newSales('commune=93066&section=AS&numero=169')).toEqual(['P-SD']);
  });

  it('another commune’s search finds none of them', async () => {
    expect(await newSales('commune=93010')).toEqual([]);
  });

  it('the land filters choose the parcels whose sales alert, as in the search', async () => {
    // Figures of our own for two of Saint-Denis's parcels: 167 under-built in zone U, 169 in zone N.
    await db.query(
      `INSERT INTO parcel_land (parcel_id, code_commune, area_m2, built_m2, coverage, zone_type, zone_libelle, prescription_types)
       VALUES ('93066059AS0167', '93066', 600, 60, 0.1, 'U', 'UC1', '{}'), ('93066000AS0169', '93066', 900, 450, 0.5, 'N', 'N', '{05}')
       ON CONFLICT (parcel_id) DO UPDATE SET zone_type = excluded.zone_type, coverage = excluded.coverage,
         zone_libelle = excluded.zone_libelle, prescription_types = excluded.prescription_types`,
    );
    expect(await newSales('commune=93066&zoneType=U')).toEqual(['P-APRES']);
    expect(await newSales('commune=93066&zoneType=U&coverageMax=5')).toEqual([]);
    expect(await newSales('commune=93066&coverageMin=20')).toEqual(['P-SD']);
    expect(await newSales('commune=93066&prescription=05&prescriptionPresent=non')).toEqual(['P-APRES']);
  });
});
