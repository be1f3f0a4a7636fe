/**
 * Legal-entity owners (DGFiP personnes morales): the Paris 18e extract links owners to the Paris 18e
 * cadastre; a re-import changes nothing; the official long-header layout in Windows-1252 reads the
 * same; a newer vintage replaces the département, an older one is refused; a truncated or wrong file
 * changes nothing and says why in French; the bâti (locaux) file is read too.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { createTestDb } from '../test/db.js';
import { detectSource } from './detect.js';
import { vintageOfName } from './personnes-morales.js';
import { detectFileFormat, runImport } from './run.js';
import { SAMPLES } from './test-samples.js';

let db: Db;
const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-pm-'));
const sample = readFileSync(SAMPLES.personnesMoralesParis18, 'utf8');
const [sampleHeader, ...sampleRows] = sample.trimEnd().split('\n');

const OFFICIAL_NB_HEADER = [
  'Département',
  'Code Direction',
  'Code Commune',
  'Nom Commune',
  'Préfixe (Références Cadastrales)',
  'Section (Références Cadastrales)',
  'N° plan (Références Cadastrales)',
  'N° voirie (Adresse parcelle)',
  'Indice de répétition (Adresse parcelle)',
  'Code voie MAJIC (Adresse parcelle)',
  'Code voie rivoli (Adresse parcelle)',
  'Nature voie (Adresse parcelle)',
  'Nom voie (Adresse parcelle)',
  'Contenance (Parcelle)',
  'Code SUF (Evaluation SUF)',
  'Nature culture (Evaluation SUF)',
  'Contenance (Evaluation SUF)',
  'Code droit (Propriétaire(s) parcelle)',
  'N° MAJIC (Propriétaire(s) parcelle)',
  'N° SIREN (Propriétaire(s) parcelle)',
  'Groupe personne (Propriétaire(s) parcelle)',
  'Forme juridique (Propriétaire(s) parcelle)',
  'Forme juridique abrégée (Propriétaire(s) parcelle)',
  'Dénomination (Propriétaire(s) parcelle)',
].join(';');

function write(name: string, content: string | Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

/** Every owner row, in a stable order, without the run that wrote it. */
async function fingerprint(): Promise<string> {
  const [r] = await db.query<{ n: number; h: string | null }>(
    `SELECT count(*)::int AS n,
            md5(string_agg(concat_ws('|', kind, departement, code_commune, id_parcelle, vintage, local_ref, code_droit, siren,
                  groupe_personne, forme_juridique, denomination, owner_group, contenance), ',' ORDER BY id_parcelle, local_ref, code_droit, siren, denomination)) AS h
       FROM parcel_owners`,
  );
  return `${r?.n}:${r?.h}`;
}

beforeAll(async () => {
  db = await createTestDb();
  const cadastre = await runImport(db, { path: SAMPLES.cadastreParis18_2025, startedBy: 'test' });
  expect(cadastre.status).toBe('succeeded');
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('personnes-morales importer', () => {
  let imported = '';

  it('detects the source and the vintage from the header and the name', async () => {
    expect(detectSource(sample.slice(0, 2000), 'x.csv')).toBe('personnes-morales');
    expect(detectSource(OFFICIAL_NB_HEADER, 'x.txt')).toBe('personnes-morales');
    expect(vintageOfName('PM_25_NB_750_extrait-75118_paris18.csv')).toBe('2025');
    expect(vintageOfName('PM_24_B_930.txt')).toBe('2024');
    expect(vintageOfName('proprietaires-2023.csv')).toBe('2023');
  });

  it('links the owners of the Paris 18e extract to more than 5 000 parcels of the cadastre', async () => {
    const r = await runImport(db, { path: SAMPLES.personnesMoralesParis18, startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', source: 'personnes-morales', vintage: '2025', rowsRead: 5819, rowsRejected: 0 });
    expect(r.summary).toMatchObject({ parcels: 5222, parcelsLinked: 5156 });
    const [linked] = await db.query<{ n: number }>(
      `SELECT count(DISTINCT o.id_parcelle)::int AS n FROM parcel_owners o JOIN parcels p ON p.id = o.id_parcelle`,
    );
    expect(linked?.n).toBeGreaterThan(5000);
    const enedis = await db.query(
      `SELECT id_parcelle, code_droit, siren, forme_juridique, owner_group FROM parcel_owners WHERE id_parcelle = '75118000CF0104' AND siren = '444608442' ORDER BY code_droit`,
    );
    expect(enedis).toEqual([
      { id_parcelle: '75118000CF0104', code_droit: 'G', siren: '444608442', forme_juridique: '5699', owner_group: 'societe' },
      { id_parcelle: '75118000CF0104', code_droit: 'P', siren: '444608442', forme_juridique: '5699', owner_group: 'societe' },
    ]);
    const groups = await db.query<{ owner_group: string }>(`SELECT DISTINCT owner_group FROM parcel_owners ORDER BY 1`);
    expect(groups.map((g) => g.owner_group)).toEqual(expect.arrayContaining(['commune', 'etat', 'hlm', 'sci', 'societe']));
    imported = await fingerprint();
  });

  it('changes nothing when the same file is imported again', async () => {
    const r = await runImport(db, { path: SAMPLES.personnesMoralesParis18, startedBy: 'test' });
    expect(r.status).toBe('succeeded');
    expect(await fingerprint()).toBe(imported);
  });

  it('reads the official long headers in Windows-1252 the same way', async () => {
    // Characters outside Latin-1 (’) are 0x92 in Windows-1252: write them so.
    const text = [OFFICIAL_NB_HEADER, ...sampleRows].join('\r\n');
    const bytes = Buffer.from(Array.from(text, (ch) => (ch === '\u2019' ? 0x92 : ch.charCodeAt(0))));
    const file = write('PM_25_NB_750.txt', bytes);
    expect(await detectFileFormat(file, 'PM_25_NB_750.txt')).toEqual({ source: 'personnes-morales', encoding: 'windows-1252' });
    const r = await runImport(db, { path: file, startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', rowsRejected: 0 });
    expect(await fingerprint()).toBe(imported);
    const [adoma] = await db.query<{ denomination: string }>(`SELECT denomination FROM parcel_owners WHERE siren = '788058030' LIMIT 1`);
    expect(adoma?.denomination).toBe('ADOMA');
  });

  it('refuses a truncated or wrong file in French and changes nothing', async () => {
    const gz = gzipSync(Buffer.from(sample));
    const truncated = await runImport(db, { path: write('PM_25_NB_750.csv.gz', gz.subarray(0, gz.length / 2)), startedBy: 'test' });
    expect(truncated.status).toBe('failed');
    expect(truncated.error).toMatch(/corrompu ou tronqué/);
    const wrong = await runImport(db, {
      path: write('pm.csv', `${sampleHeader?.replace('Dénomination - par', 'Nom')}\n${sampleRows[0]}\n`),
      source: 'personnes-morales',
      startedBy: 'test',
    });
    expect(wrong.status).toBe('failed');
    expect(wrong.error).toContain('colonnes absentes du fichier des personnes morales (denomination)');
    expect(await fingerprint()).toBe(imported);
  });

  it('reports a bad row with its line and reason and keeps the others', async () => {
    // Département 93: the rows of Paris 18e stay as they are.
    const rows = [
      sampleRows[0],
      sampleRows[1]?.replace(';444608442;', ';4446X;'),
      (sampleRows[2] ?? '').split(';').slice(0, 10).join(';'),
    ].map((r) => r?.replace(/^75;0;118;PARIS 18;/, '93;0;010;BONDY;'));
    const r = await runImport(db, { path: write('PM_25_NB_930_bad.csv', `${sampleHeader}\n${rows.join('\n')}\n`), startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', rowsRead: 3, rowsKept: 1, rowsRejected: 2 });
    expect(r.rejects).toEqual([
      { line: 3, reason: 'SIREN invalide « 4446X »' },
      { line: 4, reason: '10 colonnes au lieu de 24 (ligne tronquée ou mal formée)' },
    ]);
    expect(await db.query(`SELECT id_parcelle, siren FROM parcel_owners WHERE departement = '93'`)).toEqual([
      { id_parcelle: '93010000CF0104', siren: '444608442' },
    ]);
    await db.exec(`DELETE FROM parcel_owners WHERE departement = '93'`);
    expect(await fingerprint()).toBe(imported);
  });

  it('replaces the département with a newer vintage, and refuses an older one', async () => {
    const newer = write('PM_26_NB_750_part.csv', `${sampleHeader}\n${sampleRows.slice(0, 100).join('\n')}\n`);
    const r = await runImport(db, { path: newer, startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', vintage: '2026' });
    const [v] = await db.query<{ vintages: string[]; parcels: number }>(
      `SELECT array_agg(DISTINCT vintage) AS vintages, count(DISTINCT id_parcelle)::int AS parcels FROM parcel_owners`,
    );
    expect(v?.vintages).toEqual(['2026']);
    expect(v?.parcels).toBeLessThanOrEqual(100);
    const after = await fingerprint();
    const older = await runImport(db, { path: SAMPLES.personnesMoralesParis18, startedBy: 'test' });
    expect(older.status).toBe('failed');
    expect(older.error).toContain('millésime 2025 plus ancien');
    expect(await fingerprint()).toBe(after);
  });

  it('reads the bâti (locaux) file of the official layout', async () => {
    const header = [
      'Département',
      'Code Direction',
      'Code Commune',
      'Nom Commune',
      'Préfixe (Références Cadastrales)',
      'Section (Références Cadastrales)',
      'N° plan (Références Cadastrales)',
      'Bâtiment (Identification du local)',
      'Entrée (Identification du local)',
      'Niveau (Identification du local)',
      'Porte (Identification du local)',
      'N° voirie (Adresse du local)',
      'Indice de répétition (Adresse du local)',
      'Code voie MAJIC (Adresse du local)',
      'Code voie rivoli (Adresse du local)',
      'Nature voie (Adresse du local)',
      'Nom voie (Adresse du local)',
      'Code droit (Propriétaire(s) du local)',
      'N° MAJIC (Propriétaire(s) du local)',
      'N° SIREN (Propriétaire(s) du local)',
      'Groupe personne (Propriétaire(s) du local)',
      'Forme juridique (Propriétaire(s) du local)',
      'Forme juridique abrégée (Propriétaire(s) du local)',
      'Dénomination (Propriétaire(s) du local)',
    ].join(';');
    const row =
      '75;0;118;PARIS 18;; A;0012;A;01;00;01001;0010;;1234;5678;RUE;ORDENER;P - Propriétaire;PABCDE;123456789;0 - Personnes morales non remarquables;6540;SCI;SCI DU MOULIN';
    const r = await runImport(db, { path: write('PM_26_B_750.txt', `${header}\n${row}\n`), startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', rowsKept: 1 });
    const rows = await db.query(`SELECT kind, id_parcelle, local_ref, owner_group, denomination FROM parcel_owners WHERE kind = 'local'`);
    expect(rows).toEqual([
      { kind: 'local', id_parcelle: '751180000A0012', local_ref: 'A-01-00-01001', owner_group: 'sci', denomination: 'SCI DU MOULIN' },
    ]);
  });
});
