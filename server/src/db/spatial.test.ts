import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/db.js';
import type { Db } from './client.js';
import { Params } from './params.js';
import { EARTHDISTANCE_RADIUS_M, inBoxSql, radiusBox, withinRadiusSql } from './spatial.js';

let db: Db;

beforeAll(async () => {
  db = await createTestDb();
  // Points every ≈ 20 m over ± 0.03° around Bondy, and around a point near the antimeridian.
  await db.exec(`
    CREATE TABLE spatial_probe (id serial PRIMARY KEY, longitude float8, latitude float8);
    INSERT INTO spatial_probe (longitude, latitude)
      SELECT 2.48 + x * 0.0003, 48.9 + y * 0.0002 FROM generate_series(-100, 100) x, generate_series(-150, 150) y;
    INSERT INTO spatial_probe (longitude, latitude) SELECT mod(359.999 + x * 0.0001, 360) - 180, -17 FROM generate_series(-20, 20) x;
    INSERT INTO spatial_probe (longitude, latitude) VALUES (NULL, NULL);
    CREATE INDEX spatial_probe_geo ON spatial_probe USING gist (point(longitude, latitude)) WHERE latitude IS NOT NULL;
    ANALYZE spatial_probe;`);
});

afterAll(async () => {
  await db?.close();
});

describe('radiusBox', () => {
  it('is ± the angle in latitude and wider in longitude, by 1/cos(lat)', () => {
    const [w, s, e, n] = radiusBox(48.9, 2.48, 1000);
    const dLat = (1000 / EARTHDISTANCE_RADIUS_M) * (180 / Math.PI);
    expect(n - 48.9).toBeCloseTo(dLat, 6);
    expect(48.9 - s).toBeCloseTo(dLat, 6);
    expect((e - w) / 2 / dLat).toBeCloseTo(1 / Math.cos((48.9 * Math.PI) / 180), 3);
  });

  it('takes every longitude when the circle reaches a pole or crosses the antimeridian', () => {
    expect(radiusBox(89.99, 10, 5000)).toEqual([-180, expect.any(Number), 180, 90]);
    const [w, , e] = radiusBox(-17, 179.999, 1000);
    expect([w, e]).toEqual([-180, 180]);
  });
});

describe('withinRadiusSql', () => {
  /** Ids within the radius, by the SQL condition and by earth_distance over every row. */
  async function both(lat: number, lon: number, radius: number) {
    const p = new Params();
    const where = withinRadiusSql((v) => p.add(v), lat, lon, radius, 't.latitude', 't.longitude');
    const byIndex = await db.query<{ id: number }>(`SELECT id FROM spatial_probe t WHERE ${where} ORDER BY id`, p.values);
    const all = await db.query<{ id: number }>(
      `SELECT id FROM spatial_probe WHERE earth_distance(ll_to_earth($1, $2), ll_to_earth(latitude, longitude)) <= $3 ORDER BY id`,
      [lat, lon, radius],
    );
    return { byIndex: byIndex.map((r) => r.id), all: all.map((r) => r.id) };
  }

  it('keeps exactly the rows within the radius, edges included', async () => {
    for (const radius of [0, 15, 500, 2000]) {
      const { byIndex, all } = await both(48.9, 2.48, radius);
      expect(byIndex).toEqual(all);
      if (radius > 0) expect(byIndex.length).toBeGreaterThan(0);
    }
    // A point exactly at 1 000 m due north of the centre is in (the exact test decides, not the box).
    const north = 48.9 + (1000 / EARTHDISTANCE_RADIUS_M) * (180 / Math.PI);
    const [row] = await db.query<{ id: number }>('INSERT INTO spatial_probe (longitude, latitude) VALUES (2.48, $1) RETURNING id', [north]);
    const { byIndex, all } = await both(48.9, 2.48, 1000);
    expect(byIndex).toContain(row?.id);
    expect(byIndex).toEqual(all);
  });

  it('finds the rows on the other side of the antimeridian', async () => {
    const { byIndex, all } = await both(-17, 179.9995, 300);
    expect(byIndex).toEqual(all);
    const [west] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM spatial_probe WHERE id = ANY($1::int[]) AND longitude < 0',
      [byIndex],
    );
    expect(west?.n).toBeGreaterThan(0);
  });

  it('goes through the GiST index on point(longitude, latitude)', async () => {
    const p = new Params();
    const where = withinRadiusSql((v) => p.add(v), 48.9, 2.48, 500, 't.latitude', 't.longitude');
    await db.exec('SET enable_seqscan = off');
    const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT id FROM spatial_probe t WHERE ${where}`, p.values);
    await db.exec('SET enable_seqscan = on');
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('spatial_probe_geo');
  });
});

describe('inBoxSql', () => {
  it('keeps the rows of the rectangle, edges included', async () => {
    const p = new Params();
    const where = inBoxSql((v) => p.add(v), 't.longitude', 't.latitude', [2.47, 48.89, 2.49, 48.91]);
    const [r] = await db.query<{ n: number; exact: number }>(
      `SELECT count(*) FILTER (WHERE ${where})::int AS n,
              count(*) FILTER (WHERE longitude BETWEEN 2.47 AND 2.49 AND latitude BETWEEN 48.89 AND 48.91)::int AS exact
         FROM spatial_probe t`,
      p.values,
    );
    expect(r?.n).toBe(r?.exact);
    expect(r?.n).toBeGreaterThan(0);
  });
});
