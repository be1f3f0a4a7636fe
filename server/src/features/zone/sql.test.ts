/** The zone condition on the DPE table: each kind of zone keeps exactly the rows inside it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { createTestDb } from '../../test/db.js';
import { columnsOf, type SqlZoneQuery, zoneWhere } from './sql.js';

let db: Db;
// Four DPE: two in Paris 18e (one near the Sacré-Cœur, one near Porte de la Chapelle), one in Bondy, one without coordinates.
const ROWS = [
  ['d-sacre-coeur', '75118', '75018', 2.3431, 48.8867],
  ['d-chapelle', '75118', '75018', 2.3597, 48.8987],
  ['d-bondy', '93010', '93140', 2.4833, 48.9022],
  ['d-nowhere', '75118', '75018', null, null],
] as const;

beforeAll(async () => {
  db = await createTestDb();
  for (const [id, insee, cp, lon, lat] of ROWS)
    await db.query(
      `INSERT INTO dpe (numero_dpe, modele, date_etablissement, code_insee_ban, code_postal_ban, longitude, latitude, import_run_id)
       VALUES ($1, 'existant', '2024-01-01', $2, $3, $4, $5, 0)`,
      [id, insee, cp, lon, lat],
    );
});
afterAll(async () => db?.close());

async function ids(zone: SqlZoneQuery): Promise<string[]> {
  const p = new Params();
  const where = zoneWhere(p, columnsOf('d', 'code_insee_ban', 'code_postal_ban'), zone);
  const rows = await db.query<{ numero_dpe: string }>(`SELECT numero_dpe FROM dpe d WHERE ${where} ORDER BY numero_dpe`, p.values);
  return rows.map((r) => r.numero_dpe);
}

const ring = (w: number, s: number, e: number, n: number) => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

describe('zoneWhere', () => {
  it('communes and postcodes', async () => {
    expect(await ids({ kind: 'communes', insee: ['75118'] })).toEqual(['d-chapelle', 'd-nowhere', 'd-sacre-coeur']);
    expect(await ids({ kind: 'postcodes', postcodes: ['93140', '75019'] })).toEqual(['d-bondy']);
  });

  it('radius around a point', async () => {
    expect(await ids({ kind: 'radius', lat: 48.8867, lon: 2.3431, radius: 500 })).toEqual(['d-sacre-coeur']);
    expect(await ids({ kind: 'radius', lat: 48.8867, lon: 2.3431, radius: 2000 })).toEqual(['d-chapelle', 'd-sacre-coeur']);
  });

  it('a drawn polygon, its holes excluded, and a multipolygon', async () => {
    const paris18 = ring(2.33, 48.88, 2.37, 48.91);
    expect(await ids({ kind: 'polygon', geometry: { type: 'Polygon', coordinates: [paris18] } })).toEqual(['d-chapelle', 'd-sacre-coeur']);
    const hole = ring(2.355, 48.895, 2.365, 48.9);
    expect(await ids({ kind: 'polygon', geometry: { type: 'Polygon', coordinates: [paris18, hole] } })).toEqual(['d-sacre-coeur']);
    // A triangle whose bounding box holds both Paris points but whose area holds only the Chapelle one.
    const triangle = [
      [2.33, 48.91],
      [2.37, 48.91],
      [2.37, 48.88],
      [2.33, 48.91],
    ];
    expect(await ids({ kind: 'polygon', geometry: { type: 'Polygon', coordinates: [triangle] } })).toEqual(['d-chapelle']);
    const bondy = ring(2.47, 48.89, 2.5, 48.91);
    expect(await ids({ kind: 'polygon', geometry: { type: 'MultiPolygon', coordinates: [[triangle], [bondy]] } })).toEqual([
      'd-bondy',
      'd-chapelle',
    ]);
  });

  it('a territory: its communes or its drawing', async () => {
    const bondy = ring(2.47, 48.89, 2.5, 48.91);
    expect(await ids({ kind: 'territory', communes: ['75118'], geometry: { type: 'Polygon', coordinates: [bondy] } })).toEqual([
      'd-bondy',
      'd-chapelle',
      'd-nowhere',
      'd-sacre-coeur',
    ]);
    expect(await ids({ kind: 'territory', communes: [], geometry: null })).toEqual([]);
  });
});
