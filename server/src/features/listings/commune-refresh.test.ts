/**
 * Listings saved before `communeOfPlace` learned the villages of communes nouvelles are filed again
 * under their commune at the next start, once per version of that function.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createTestDb } from '../../test/db.js';
import { COMMUNE_OF_PLACE_VERSION } from '../geocode/commune-of-place.js';
import { refreshListingCommunes } from './commune-refresh.js';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
}, 120_000);
afterAll(async () => {
  await db?.close();
});

const insert = (title: string, postcode: string | null, city: string | null, insee: string | null) =>
  db.query('INSERT INTO listings (user_id, title, postcode, city, insee) VALUES (NULL, $1, $2, $3, $4)', [title, postcode, city, insee]);

const inseeOf = async () =>
  Object.fromEntries(
    (await db.query<{ title: string; insee: string | null }>('SELECT title, insee FROM listings')).map((r) => [r.title, r.insee]),
  );

it('files again the listings whose commune the function now answers differently, once per version', async () => {
  // As saved before: the most populated commune of the postcode, the former commune's code.
  await insert('cuisiat', '01370', 'Cuisiat', '01350');
  await insert('cuisiat bis', '01370', 'Cuisiat', '01350');
  await insert('pierrefitte', '93380', 'Pierrefitte-sur-Seine', '93059');
  await insert('saint-etienne', '01370', 'Saint-Étienne-du-Bois', '01350');
  // No answer today: the commune saved stays.
  await insert('unknown', null, 'Nulle-Part-sur-Rien', '99999');

  expect(await refreshListingCommunes(db)).toBe(3);
  expect(await inseeOf()).toEqual({
    cuisiat: '01426',
    'cuisiat bis': '01426',
    pierrefitte: '93066',
    'saint-etienne': '01350',
    unknown: '99999',
  });
  const [setting] = await db.query<{ value: string }>(`SELECT value FROM app_settings WHERE key = 'listings.commune_of_place_version'`);
  expect(setting?.value).toBe(COMMUNE_OF_PLACE_VERSION);

  // The next start, same version: nothing read again.
  await insert('cuisiat later', '01370', 'Cuisiat', '01350');
  expect(await refreshListingCommunes(db)).toBe(0);
  expect((await inseeOf())['cuisiat later']).toBe('01350');
});
