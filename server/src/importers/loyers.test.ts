/**
 * Carte des loyers: the four Lyon files import 9 rows each, with the values of the file; a re-import
 * changes nothing; the national layout (quoted, Windows-1252) reads the same; a broken file is
 * refused in French and leaves the data as they were; a bad row is reported with its line.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { createTestDb } from '../test/db.js';
import { detectSource } from './detect.js';
import { dwellingOfName, editionOfName, type RentDwelling } from './loyers.js';
import { detectFileFormat, runImport } from './run.js';
import { SAMPLES } from './test-samples.js';

let db: Db;
const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-loyers-'));
const FILES = SAMPLES.loyersLyon;

function write(name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

/** The fields of the file's line for a commune, by header name. */
function fileRow(file: string, insee: string): Record<string, string> {
  const [header, ...lines] = readFileSync(file, 'utf8').split(/\r?\n/);
  const names = (header ?? '').split(';');
  const line = lines.find((l) => l.split(';')[1] === insee);
  if (!line) throw new Error(`${insee} absent de ${file}`);
  return Object.fromEntries(line.split(';').map((v, i) => [names[i], v]));
}
const num = (v: string | undefined) => Number((v ?? '').replace(',', '.'));

async function fingerprint(): Promise<string> {
  const [r] = await db.query<{ n: number; h: string | null }>(
    `SELECT count(*)::int AS n,
            md5(string_agg(concat_ws('|', edition, dwelling, insee, commune_name, id_zone, epci, departement, region, rent_m2, low_m2, high_m2,
                  prediction_level, observations_commune, observations_zone, r2_adjusted, import_run_id), ',' ORDER BY insee, dwelling, edition)) AS h
       FROM rent_references`,
  );
  return `${r?.n}:${r?.h}`;
}

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('loyers importer (Carte des loyers)', () => {
  let imported = '';

  it('detects the source from the header and the dwelling type and edition from the name', () => {
    for (const file of Object.values(FILES)) expect(detectSource(readFileSync(file, 'utf8'), path.basename(file))).toBe('loyers');
    expect(detectSource('"id_zone";"INSEE_C";"LIBGEO";"EPCI";"DEP";"REG";"loypredm2";"lwr.IPm2";"upr.IPm2"\n', 'x.csv')).toBe('loyers');
    for (const [dwelling, file] of Object.entries(FILES)) expect(dwellingOfName(path.basename(file))).toBe(dwelling);
    const official: [string, RentDwelling][] = [
      ['pred-app-mef-dhup.csv', 'appartement'],
      ['pred-app12-mef-dhup.csv', 'appartement-t1-t2'],
      ['pred-app3-mef-dhup.csv', 'appartement-t3-plus'],
      ['pred-mai-mef-dhup.csv', 'maison'],
    ];
    for (const [name, dwelling] of official) expect(dwellingOfName(name)).toBe(dwelling);
    expect(dwellingOfName('loyers.csv')).toBeNull();
    expect(editionOfName('pred-app-mef-dhup-2024.csv')).toBe('2024');
    expect(editionOfName(path.basename(FILES.appartement))).toBe('');
  });

  it('imports the four Lyon files, 9 rows each, with the values of the file', async () => {
    for (const [dwelling, file] of Object.entries(FILES)) {
      const r = await runImport(db, { path: file, startedBy: 'test' });
      expect(r).toMatchObject({ status: 'succeeded', source: 'loyers', rowsRead: 9, rowsKept: 9, rowsRejected: 0 });
      expect(r.summary).toMatchObject({ dwelling, communes: 9, inserted: 9, updated: 0 });
    }
    const counts = await db.query<{ dwelling: string; n: number }>(
      `SELECT dwelling, count(*)::int AS n FROM rent_references GROUP BY dwelling ORDER BY dwelling`,
    );
    expect(counts).toEqual([
      { dwelling: 'appartement', n: 9 },
      { dwelling: 'appartement-t1-t2', n: 9 },
      { dwelling: 'appartement-t3-plus', n: 9 },
      { dwelling: 'maison', n: 9 },
    ]);
    const expected = fileRow(FILES.appartement, '69388');
    const [lyon8] = await db.query<Record<string, unknown>>(
      `SELECT commune_name, rent_m2::float8 AS rent, low_m2::float8 AS low, high_m2::float8 AS high, prediction_level,
              observations_commune, r2_adjusted::float8 AS r2
         FROM rent_references WHERE insee = '69388' AND dwelling = 'appartement'`,
    );
    expect(lyon8).toMatchObject({
      commune_name: expected.LIBGEO,
      prediction_level: expected.TYPPRED,
      observations_commune: Number(expected.nbobs_com),
    });
    expect(lyon8?.rent).toBeCloseTo(num(expected.loypredm2), 4);
    expect(lyon8?.low).toBeCloseTo(num(expected['lwr.IPm2']), 4);
    expect(lyon8?.high).toBeCloseTo(num(expected['upr.IPm2']), 4);
    // The houses file is LF and the others CRLF: its last field reads without a stray carriage return.
    const [house] = await db.query<{ r2: number; level: string }>(
      `SELECT r2_adjusted::float8 AS r2, prediction_level AS level FROM rent_references WHERE insee = '69381' AND dwelling = 'maison'`,
    );
    expect(house).toEqual({ r2: 0.7976, level: 'maille' });
    imported = await fingerprint();
  });

  it('changes nothing when the same files are imported again', async () => {
    for (const file of Object.values(FILES)) {
      const r = await runImport(db, { path: file, startedBy: 'test' });
      expect(r.status).toBe('succeeded');
      expect(r.summary).toMatchObject({ inserted: 0, updated: 0, unchanged: 9 });
    }
    expect(await fingerprint()).toBe(imported);
  });

  it('reads the national layout (quoted, Windows-1252, LF) the same way', async () => {
    const text = readFileSync(FILES.appartement, 'utf8')
      .split(/\r?\n/)
      .filter((l) => l !== '')
      .map((l) =>
        l
          .split(';')
          .map((v) => `"${v}"`)
          .join(';'),
      )
      .join('\n');
    const file = write('pred-app-mef-dhup.csv', Buffer.from(text.replace('Lyon 1er', 'Lyon 1\u00e9r'), 'latin1'));
    expect(await detectFileFormat(file, 'pred-app-mef-dhup.csv')).toEqual({ source: 'loyers', encoding: 'windows-1252' });
    const r = await runImport(db, { path: file, startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', rowsKept: 9, rowsRejected: 0 });
    // Same edition (none in either name) and dwelling: only the renamed commune changed.
    expect(r.summary).toMatchObject({ inserted: 0, updated: 1, unchanged: 8 });
    const [row] = await db.query<{ commune_name: string }>(
      `SELECT commune_name FROM rent_references WHERE insee = '69381' AND dwelling = 'appartement'`,
    );
    expect(row?.commune_name).toBe('Lyon 1ér Arrondissement');
    expect((await runImport(db, { path: FILES.appartement, startedBy: 'test' })).summary).toMatchObject({ updated: 1 });
  });

  it('keeps a later edition beside the earlier one', async () => {
    const file = write('pred-mai-mef-dhup-2025.csv', readFileSync(FILES.maison));
    const r = await runImport(db, { path: file, startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', vintage: '2025' });
    const editions = await db.query<{ edition: string }>(
      `SELECT DISTINCT edition FROM rent_references WHERE dwelling = 'maison' ORDER BY edition`,
    );
    expect(editions.map((e) => e.edition)).toEqual(['', '2025']);
    await db.exec(`DELETE FROM rent_references WHERE edition = '2025'`);
  });

  it('refuses a broken file in French and changes nothing', async () => {
    const before = await fingerprint();
    const [header, ...rows] = readFileSync(FILES.appartement, 'utf8').split('\r\n');
    const noInterval = await runImport(db, {
      path: write(
        'pred-app-cassé.csv',
        `${header?.replace(';upr.IPm2', '')}\r\n${rows.map((r) => r.replace(/;[^;]*;commune/, ';commune')).join('\r\n')}`,
      ),
      startedBy: 'test',
    });
    expect(noInterval).toMatchObject({ status: 'failed' });
    expect(noInterval.error).toBe(
      '« pred-app-cassé.csv »\u00a0: colonnes absentes du fichier de la Carte des loyers (upr_ipm2)\u00a0; rien n’a été changé.',
    );
    const truncated = await runImport(db, {
      path: write('pred-app-tronqué.csv', `${header}\r\n${rows.map((r) => r.split(';').slice(0, 6).join(';')).join('\r\n')}`),
      startedBy: 'test',
    });
    expect(truncated.status).toBe('failed');
    expect(truncated.error).toBe(
      'Aucune ligne valide dans « pred-app-tronqué.csv » (9 rejetées, première raison\u00a0: 6 colonnes au lieu de 13 (ligne tronquée ou mal formée)).',
    );
    const unnamed = await runImport(db, { path: write('loyers.csv', readFileSync(FILES.appartement)), startedBy: 'test' });
    expect(unnamed.status).toBe('failed');
    expect(unnamed.error).toContain('le type de logement n’est pas dans le nom du fichier');
    expect(await fingerprint()).toBe(before);
  });

  it('reports a bad row with its line and reason and keeps the others', async () => {
    const [header, ...rows] = readFileSync(FILES.appartement, 'utf8').split('\r\n');
    const bad = [rows[0]?.replace(/;17,0643784830236;/, ';dix-sept;'), rows[1]?.replace(';69382;', ';69X82;'), rows[2]];
    const r = await runImport(db, { path: write('pred-app-mef-dhup-2030.csv', `${header}\n${bad.join('\n')}\n`), startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', rowsRead: 3, rowsKept: 1, rowsRejected: 2 });
    expect(r.rejects).toEqual([
      { line: 2, reason: 'loyer au m² invalide « dix-sept »' },
      { line: 3, reason: 'code INSEE invalide « 69X82 »' },
    ]);
    await db.exec(`DELETE FROM rent_references WHERE edition = '2030'`);
  });
});
