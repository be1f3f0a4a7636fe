/**
 * Migration 1295 on addresses saved before migration 1293: those saved at the very point of a BAN
 * address or street are the BAN's again; a point clicked or a parcel's centre stays not the BAN's.
 */
import { describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.js';
import { databaseBeforeMigration } from '../../test/before-migration.js';

const MIGRATION = '1295_saved_address_placed_by_ban_backfill';
const database = databaseBeforeMigration(MIGRATION, 'immoloupe_ban_backfill');

describe(`migration ${MIGRATION}`, () => {
  it('credits the BAN for the addresses saved at a BAN address or street, and for no other', async () => {
    const db = database();
    await db.exec(`
      INSERT INTO ban_addresses (id, numero, nom_voie, code_postal, code_insee, nom_commune, lon, lat, voie_key, import_run_id)
      VALUES ('93010_0420_00139', 139, 'Avenue Carnot', '93140', '93010', 'Bondy', 2.482812, 48.902311, '93010_0420', 1);
      INSERT INTO ban_voies (voie_key, code_insee, nom_voie, code_postal, nom_commune, search, lon, lat, nb_adresses)
      VALUES ('93010_0420', '93010', 'Avenue Carnot', '93140', 'Bondy', 'avenue carnot', 2.48105, 48.90412, 212);
    `);
    const [a, b] = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash) VALUES ('a@exemple.fr', 'x'), ('b@exemple.fr', 'x') RETURNING id`,
    );
    await db.query(
      `INSERT INTO saved_addresses (user_id, label, address, lon, lat, insee) VALUES
         ($1, 'Carnot 139', '139 Avenue Carnot 93140 Bondy', 2.482812, 48.902311, '93010'),
         ($1, 'Avenue Carnot', 'Avenue Carnot 93140 Bondy', 2.48105, 48.90412, '93010'),
         ($1, 'Point cliqué', 'Point cliqué', 2.4828125, 48.902311, '93010'),
         ($2, 'Carnot 139', '139 Avenue Carnot 93140 Bondy', 2.482812, 48.902311, '93010'),
         -- The street's point, but saved in another commune: not that street.
         ($2, 'Ailleurs', 'Ailleurs', 2.48105, 48.90412, '93048')`,
      [a?.id, b?.id],
    );
    expect(await migrate(db)).toContain(MIGRATION);
    const rows = await db.query<{ owner: string; label: string; placed_by_ban: boolean }>(
      `SELECT CASE WHEN user_id = $1 THEN 'a' ELSE 'b' END AS owner, label, placed_by_ban FROM saved_addresses ORDER BY 1, label`,
      [a?.id],
    );
    expect(rows).toEqual([
      { owner: 'a', label: 'Avenue Carnot', placed_by_ban: true },
      { owner: 'a', label: 'Carnot 139', placed_by_ban: true },
      { owner: 'a', label: 'Point cliqué', placed_by_ban: false },
      { owner: 'b', label: 'Ailleurs', placed_by_ban: false },
      { owner: 'b', label: 'Carnot 139', placed_by_ban: true },
    ]);
  });
});
