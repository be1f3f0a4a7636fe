/**
 * Migration 1298 files the listings saved under Paris, Lyon or Marseille (75056, 69123, 13055)
 * under the arrondissement their postcode names, as the listing analysis now does.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestDb } from '../../test/db.js';
import { communeOfPlace } from '../geocode/commune-of-place.js';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

it('gives each listing of the three cities the arrondissement the analysis gives it now', async () => {
  const places = [
    ['75018', 'Paris', '75056'],
    ['75016', 'Paris', '75056'],
    ['75116', 'Paris', '75056'],
    ['75001', 'Paris', '75056'],
    ['69009', 'Lyon', '69123'],
    ['13016', 'Marseille', '13055'],
    ['13008', 'Marseille', '13055'],
    ['93140', 'Bondy', '93010'],
  ] as const;
  for (const [postcode, city, insee] of places)
    await db.query(`INSERT INTO listings (user_id, postcode, city, insee) VALUES (NULL, $1, $2, $3)`, [postcode, city, insee]);
  // A postcode the city does not have stays as it was.
  await db.query(`INSERT INTO listings (user_id, postcode, city, insee) VALUES (NULL, '75099', 'Paris', '75056')`);
  const sql = readFileSync(fileURLToPath(new URL('../../db/migrations/1298_listing_arrondissements.sql', import.meta.url)), 'utf8');
  await db.transaction((tx) => tx.exec(sql));
  const rows = await db.query<{ postcode: string; city: string; insee: string }>('SELECT postcode, city, insee FROM listings');
  for (const r of rows) expect(r.insee, r.postcode).toBe(r.postcode === '75099' ? '75056' : communeOfPlace(r.postcode, r.city)?.insee);
  expect(rows.find((r) => r.postcode === '75016')?.insee).toBe('75116');
});
