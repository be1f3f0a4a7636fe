/**
 * GASPAR, ICPE, BASIAS and Sitadel on the real samples (Bondy, Hendaye, Lyon, Paris, Toulouse):
 * row counts equal to the files', a second import changes no row, a failure inside the merge
 * transaction leaves the previous rows as they were, and no private person's name is stored.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../db/client.js';
import { SAMPLE } from '../features/market/test-support.js';
import { createTestDb } from '../test/db.js';
import { detectSource } from './detect.js';
import { splitStreetAddress } from './icpe.js';
import { runImport } from './run.js';
import { sitadelParcelId, sitadelText } from './sitadel.js';
import { RISK_SAMPLES, SITADEL_SAMPLES } from './test-risk-samples.js';

let db: Db;

/** Every row of a table, as text, in key order: equal before and after means nothing changed. */
async function snapshot(table: string, order: string): Promise<string> {
  const [r] = await db.query<{ n: number; h: string | null }>(
    `SELECT count(*)::int AS n, md5(string_agg(t::text, '\n' ORDER BY ${order})) AS h FROM ${table} t`,
  );
  return `${r?.n}:${r?.h}`;
}

/** A database whose merge transaction fails at its `n`-th statement, as a server dying mid-merge. */
function failingAt(n: number): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
      return <T>(fn: (tx: Queryable) => Promise<T>) =>
        target.transaction((tx) => {
          let count = 0;
          const broken: Queryable = {
            ...tx,
            query: (sql, params) => {
              count++;
              if (count === n) return Promise.reject(new Error('connexion perdue (test)'));
              return tx.query(sql, params);
            },
            exec: (sql) => tx.exec(sql),
          };
          return fn(broken);
        });
    },
  });
}

async function lastRun(): Promise<{ source: string; status: string } | undefined> {
  const [r] = await db.query<{ source: string; status: string }>('SELECT source, status FROM import_runs ORDER BY id DESC LIMIT 1');
  return r;
}

/** Data lines of a Sitadel list: all lines but its two header lines. */
const sitadelLines = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n').length - 2;

beforeAll(async () => {
  db = await createTestDb({ samples: [SAMPLE.bondyCadastre, SAMPLE.bondyBan] });
});
afterAll(async () => {
  await db?.close();
});

describe('detection', () => {
  it('tells each file by its header', () => {
    const expected: [string, string][] = [
      [RISK_SAMPLES.gaspar, 'gaspar'],
      [RISK_SAMPLES.icpeBondy, 'icpe'],
      [RISK_SAMPLES.basiasBondy, 'basias'],
      ...Object.values(SITADEL_SAMPLES).map((f): [string, string] => [f, 'sitadel']),
    ];
    for (const [file, source] of expected)
      expect(detectSource(readFileSync(file, 'utf8').slice(0, 65536), path.basename(file))).toBe(source);
  });
  it('reads the parts of an address and of a Sitadel row', () => {
    expect(splitStreetAddress('28 RUE MARCEL DASSAULT')).toEqual({ numero: 28, street: 'RUE MARCEL DASSAULT' });
    expect(splitStreetAddress('129-155 AV GAL GALLIENI')).toEqual({ numero: 129, street: 'AV GAL GALLIENI' });
    expect(splitStreetAddress('106 108 avenue Gallieni')).toEqual({ numero: 106, street: 'avenue Gallieni' });
    expect(splitStreetAddress('5, chemin latéral')).toEqual({ numero: 5, street: 'chemin latéral' });
    expect(splitStreetAddress('Chemin du Halage')).toBeNull();
    expect(sitadelParcelId('31555', 'AB', '246')).toBe('31555000AB0246');
    expect(sitadelParcelId('31555', 'A', '7')).toBe('315550000A0007');
    expect(sitadelParcelId('31555', null, '7')).toBeNull();
    expect(sitadelText('8  RUE ANDRA\u00c3\u0082 BROUSSIN')).toBe('8 RUE ANDR\ufffd BROUSSIN');
    expect(sitadelText('Rue de la R\u00c3\u00a9publique')).toBe('Rue de la République');
  });
});

describe('GASPAR', () => {
  it('imports the 36 risks of 4 communes, Bondy’s 8, and a second import changes nothing', async () => {
    const r = await runImport(db, { path: RISK_SAMPLES.gaspar, startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', source: 'gaspar', rowsRead: 36, rowsKept: 36, rowsRejected: 0 });
    expect(r.summary).toMatchObject({ communes: 4, inserted: 36, updated: 0, deleted: 0 });
    const bondy = await db.query<{ risk_code: string; label: string }>(
      `SELECT risk_code, label FROM commune_risks WHERE insee = '93010' ORDER BY risk_code`,
    );
    expect(bondy.map((b) => b.risk_code)).toEqual(['11', '114', '116', '12', '127', '17', '172', '24']);
    expect(bondy.find((b) => b.risk_code === '127')?.label).toBe('Tassements différentiels');
    const before = await snapshot('commune_risks', 'insee, risk_code');
    const again = await runImport(db, { path: RISK_SAMPLES.gaspar, startedBy: 'test' });
    expect(again.summary).toMatchObject({ inserted: 0, updated: 0, deleted: 0, unchanged: 36 });
    expect(await snapshot('commune_risks', 'insee, risk_code')).toBe(before);
  });

  it('a failure inside the merge, after its delete, keeps every previous risk', async () => {
    const before = await snapshot('commune_risks', 'insee, risk_code');
    // Statement 1 deletes the communes' rows the file no longer lists, statement 2 inserts: fail there.
    await expect(runImport(failingAt(2), { path: RISK_SAMPLES.gaspar, startedBy: 'test' })).rejects.toThrow(/connexion perdue/);
    expect(await lastRun()).toMatchObject({ source: 'gaspar', status: 'failed' });
    expect(await snapshot('commune_risks', 'insee, risk_code')).toBe(before);
  });

  it('refuses another file in French and changes nothing', async () => {
    const before = await snapshot('commune_risks', 'insee, risk_code');
    const r = await runImport(db, { path: RISK_SAMPLES.icpeBondy, source: 'gaspar', startedBy: 'test' });
    expect(r.status).toBe('failed');
    expect(r.error).toMatch(/cod_commune.*rien n’a été changé/);
    expect(await snapshot('commune_risks', 'insee, risk_code')).toBe(before);
  });
});

describe('ICPE', () => {
  it('imports the 22 Bondy establishments, places them by the BAN, never stores a private operator’s name', async () => {
    const r = await runImport(db, { path: RISK_SAMPLES.icpeBondy, startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', source: 'icpe', rowsRead: 22, rowsKept: 22, rowsRejected: 0 });
    expect(r.summary).toMatchObject({ sites: 22, inserted: 22 });
    const bionaz = await db.query<{ placed_by: string; insee: string; longitude: number; latitude: number }>(
      `SELECT placed_by, insee, longitude, latitude FROM icpe_sites WHERE id = '0006506273'`,
    );
    // « 28 RUE MARCEL DASSAULT »: the BAN address of that number.
    const [ban] = await db.query<{ lon: number; lat: number }>(
      `SELECT lon, lat FROM ban_addresses WHERE code_insee = '93010' AND numero = 28 AND nom_voie ILIKE 'rue marcel dassault' ORDER BY rep NULLS FIRST, id LIMIT 1`,
    );
    expect(bionaz[0]).toMatchObject({ placed_by: 'adresse', insee: '93010', longitude: ban?.lon, latitude: ban?.lat });
    const all = JSON.stringify(await db.query('SELECT * FROM icpe_sites'));
    expect(all).not.toMatch(/DIDI|Maurice|BUZDUGANARIU|Minodora/);
    const persons = await db.query<{ id: string }>(`SELECT id FROM icpe_sites WHERE natural_person ORDER BY id`);
    expect(persons.map((p) => p.id)).toEqual(['0007409122', '0007409123']);
    const before = await snapshot('icpe_sites', 'id');
    const again = await runImport(db, { path: RISK_SAMPLES.icpeBondy, startedBy: 'test' });
    expect(again.summary).toMatchObject({ inserted: 0, updated: 0, deleted: 0, unchanged: 22 });
    expect(await snapshot('icpe_sites', 'id')).toBe(before);
  });
});

describe('BASIAS', () => {
  it('imports the 59 Bondy sites with their points, the private persons’ names replaced', async () => {
    const r = await runImport(db, { path: RISK_SAMPLES.basiasBondy, startedBy: 'test' });
    expect(r).toMatchObject({ status: 'succeeded', source: 'basias', rowsRead: 59, rowsKept: 59, rowsRejected: 0 });
    expect(r.summary).toMatchObject({ sites: 59, placed: 59, communes: 1, inserted: 59 });
    const [site] = await db.query<{ names: string; longitude: number; latitude: number; occupation: string }>(
      `SELECT names, longitude, latitude, occupation FROM basias_sites WHERE id = 'IDF9302157'`,
    );
    expect(site).toMatchObject({ longitude: 2.49762, latitude: 48.89607, occupation: 'Activité terminée' });
    expect(site?.names).toMatch(/^DYNAMETAL, RUCHO et Cie/);
    const all = JSON.stringify(await db.query('SELECT * FROM basias_sites'));
    expect(all).not.toMatch(/VILLIER|GROSSIN|THIVOT|TOUZET|MOREAU \(M/);
    expect(all).toContain('GARAGE DES 2 X (personne physique — nom non affiché)');
    const before = await snapshot('basias_sites', 'id');
    const again = await runImport(db, { path: RISK_SAMPLES.basiasBondy, startedBy: 'test' });
    expect(again.summary).toMatchObject({ inserted: 0, updated: 0, deleted: 0, unchanged: 59 });
    expect(await snapshot('basias_sites', 'id')).toBe(before);
  });
});

describe('Sitadel', () => {
  it('imports the four Toulouse lists, as many rows as the files, and a second import changes nothing', async () => {
    const timings: string[] = [];
    for (const [list, file] of Object.entries(SITADEL_SAMPLES)) {
      const lines = sitadelLines(file);
      const r = await runImport(db, { path: file, startedBy: 'test' });
      timings.push(`${list}: ${r.rowsKept} lignes en ${r.durationMs} ms`);
      expect(r).toMatchObject({
        status: 'succeeded',
        source: 'sitadel',
        vintage: '2026-01',
        rowsRead: lines,
        rowsKept: lines,
        rowsRejected: 0,
      });
      expect(r.summary).toMatchObject({ list, inserted: lines, updated: 0 });
      const [n] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM building_permits WHERE list = $1`, [list]);
      expect(n?.n).toBe(lines);
    }
    console.info(`Sitadel, premier import\u00a0: ${timings.join(' ; ')}`);
    const [pc] = await db.query<Record<string, unknown>>(
      `SELECT kind, insee, status, authorised_on::text AS d, parcel_id, other_parcels, land_area, dwellings, housing_area, address
         FROM building_permits WHERE list = 'logements' AND permit_id = '03155511C1330'`,
    );
    expect(pc).toEqual({
      kind: 'PC',
      insee: '31555',
      status: 5,
      d: '2013-06-28',
      parcel_id: '31555000AB0246',
      other_parcels: ['31555000AB0247'],
      land_area: 377,
      dwellings: 6,
      housing_area: 414,
      address: '34 RUE DU CAPITAINE ESCUDIE, 31 TOULOUSE',
    });
    const before = await snapshot('building_permits', 'list, kind, permit_id');
    for (const file of Object.values(SITADEL_SAMPLES)) {
      const again = await runImport(db, { path: file, startedBy: 'test' });
      expect(again.summary).toMatchObject({ inserted: 0, updated: 0 });
    }
    expect(await snapshot('building_permits', 'list, kind, permit_id')).toBe(before);
  });

  it('a failure inside the merge keeps the previous permits', async () => {
    const before = await snapshot('building_permits', 'list, kind, permit_id');
    await db.query(`UPDATE building_permits SET dwellings = 999 WHERE list = 'logements' AND permit_id = '03155511C1330'`);
    const changed = await snapshot('building_permits', 'list, kind, permit_id');
    expect(changed).not.toBe(before);
    await expect(runImport(failingAt(2), { path: SITADEL_SAMPLES.logements, startedBy: 'test' })).rejects.toThrow(/connexion perdue/);
    expect(await lastRun()).toMatchObject({ source: 'sitadel', status: 'failed' });
    expect(await snapshot('building_permits', 'list, kind, permit_id')).toBe(changed);
    // The real import then puts back the file's figure.
    await runImport(db, { path: SITADEL_SAMPLES.logements, startedBy: 'test' });
    const [row] = await db.query<{ dwellings: number }>(
      `SELECT dwellings FROM building_permits WHERE list = 'logements' AND permit_id = '03155511C1330'`,
    );
    expect(row?.dwellings).toBe(6);
  });
});
