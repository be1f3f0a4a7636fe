/**
 * Migration 1270 on rows saved before it: each keeps its label as its address (a rename cannot be
 * told from another edit), so no entry loses what it showed, and one address is one entry per user.
 */
import { describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.js';
import { databaseBeforeMigration } from '../../test/before-migration.js';

const MIGRATION = '1270_saved_address_street';
const database = databaseBeforeMigration(MIGRATION, 'immoloupe_addr_migration');

describe(`migration ${MIGRATION}`, () => {
  it('copies each existing label as its address, for every user apart', async () => {
    const db = database();
    const [a, b] = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash) VALUES ('a@exemple.fr', 'x'), ('b@exemple.fr', 'x') RETURNING id`,
    );
    await db.query(
      `INSERT INTO saved_addresses (user_id, label, lon, lat) VALUES ($1, '139 Avenue Carnot 93140 Bondy', 2.48, 48.9),
         ($1, 'Immeuble Vaillant', 2.48, 48.9), ($2, '139 Avenue Carnot 93140 Bondy', 2.48, 48.9)`,
      [a?.id, b?.id],
    );
    expect(await migrate(db)).toContain(MIGRATION);
    const rows = await db.query<{ user_id: string; label: string; address: string }>(
      'SELECT user_id, label, address FROM saved_addresses ORDER BY user_id = $1 DESC, label',
      [a?.id],
    );
    expect(rows).toEqual([
      { user_id: a?.id, label: '139 Avenue Carnot 93140 Bondy', address: '139 Avenue Carnot 93140 Bondy' },
      { user_id: a?.id, label: 'Immeuble Vaillant', address: 'Immeuble Vaillant' },
      { user_id: b?.id, label: '139 Avenue Carnot 93140 Bondy', address: '139 Avenue Carnot 93140 Bondy' },
    ]);
    await expect(
      db.query(
        `INSERT INTO saved_addresses (user_id, label, address, lon, lat) VALUES ($1, 'Autre nom', '139 Avenue Carnot 93140 Bondy', 2.48, 48.9)`,
        [a?.id],
      ),
    ).rejects.toThrow();
  });
});
