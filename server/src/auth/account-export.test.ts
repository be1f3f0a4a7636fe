/**
 * The account export and deletion (real app, real sessions) are gathered from what each feature
 * registers (decision 1511): every table that references users is some part's, the export carries
 * each part, the user's rows only, without secrets; deleting the account removes the rows of every
 * registered table and no one else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DATA } from '../account-data.js';
import type { Db } from '../db/client.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { AUTH_ACCOUNT_DATA } from './account-data.js';
import { createAccount, TestBrowser } from './testing/browser.js';

const PASSWORD = 'Un-mot-de-passe-solide-2026';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

const PARTS = [...AUTH_ACCOUNT_DATA, ...ACCOUNT_DATA];

/** Kept after the account is deleted (ON DELETE SET NULL): the administrator who acted or wrote. */
const KEPT = ['subscriptions', 'admin_audit', 'newsletters'];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** One row in every per-user table, each marked with `who`. */
async function fill(db: Db, userId: string, who: string): Promise<void> {
  const one = (sql: string, params: unknown[] = []) => db.query(sql, [userId, ...params]);
  await one(`INSERT INTO saved_searches (user_id, tool, name, query, alert) VALUES ($1, 'parcelles', $2, 'commune=93010', 'daily')`, [
    `Recherche de ${who}`,
  ]);
  await one(`INSERT INTO saved_addresses (user_id, label, address, lon, lat) VALUES ($1, $2, $3, 2.48, 48.9)`, [
    `Immeuble de ${who}`,
    `18 Rue Edouard Vaillant 93140 Bondy (${who})`,
  ]);
  await one(`INSERT INTO agency_profiles (user_id, name, contact, logo, logo_type) VALUES ($1, $2, 'contact', $3, 'image/png')`, [
    `Agence de ${who}`,
    PNG,
  ]);
  await one(
    `INSERT INTO value_opinions (user_id, label, as_of, subject, result, comment) VALUES ($1, $2, '2026-11-20', '{}', '{"value": 230000}', $3)`,
    [`Avis de ${who}`, `Commentaire de ${who}`],
  );
  const [list] = await db.query<{ id: string }>(
    `INSERT INTO prospecting_lists (user_id, name, letter_subject) VALUES ($1, $2, $3) RETURNING id`,
    [userId, `Liste de ${who}`, `Objet de ${who}`],
  );
  await db.query(`INSERT INTO prospecting_targets (list_id, kind, ref, label, notes) VALUES ($1, 'address', $2, $2, $3)`, [
    list?.id,
    `Cible de ${who}`,
    `Notes de cible de ${who}`,
  ]);
  await one(`INSERT INTO user_territories (user_id, communes) VALUES ($1, $2)`, [[who === 'B' ? '93048' : '93010']]);
  const [listing] = await db.query<{ id: string }>(
    `INSERT INTO listings (user_id, status, notes, title, price, street_address) VALUES ($1, 'visite', $2, $3, 250000, $4) RETURNING id`,
    [userId, `Notes d’annonce de ${who}`, `Annonce de ${who}`, `12 Rue de ${who}`],
  );
  await db.query(`INSERT INTO listing_sources (listing_id, portal, url) VALUES ($1, 'seloger', $2)`, [listing?.id, `https://x/${who}`]);
  await db.query(`INSERT INTO listing_prices (listing_id, price, portal) VALUES ($1, 250000, 'seloger'), ($1, 240000, 'seloger')`, [
    listing?.id,
  ]);
  await one(`INSERT INTO listing_feed_visits (user_id, last_visit_at) VALUES ($1, now())`);
  await one(`INSERT INTO access_keys (user_id, name, prefix, key_hash) VALUES ($1, $2, 'iml_abc', $3)`, [
    `Clé de ${who}`,
    `hash-secret-${who}`,
  ]);
  await one(`INSERT INTO account_tokens (token_hash, user_id, purpose, expires_at) VALUES ($2, $1, 'reset', now() + interval '1 hour')`, [
    `token-secret-${who}`,
  ]);
  await one(
    `INSERT INTO alert_digests (user_id, frequency, recipient, subject, html, text, message_id, row_count)
     VALUES ($1, 'daily', 'x@exemple.fr', $2, '<p></p>', 'texte', $3, 1)`,
    [`Alerte de ${who}`, `<msg-${who}@immoloupe>`],
  );
  await one(
    `INSERT INTO notifications (user_id, kind, name, subtitle, url, row_count) VALUES ($1, 'search', $2, 'Transactions DVF', '/pro/transactions', 1)`,
    [`Notification de ${who}`],
  );
  const [nl] = await db.query<{ id: string }>(
    `INSERT INTO newsletters (subject, body_html, segment, created_by_email) VALUES ($1, '<p></p>', 'all', 'admin@exemple.fr') RETURNING id`,
    [`Lettre pour ${who}`],
  );
  await one(`INSERT INTO newsletter_recipients (newsletter_id, user_id, email, status) VALUES ($2, $1, 'x@exemple.fr', 'sent')`, [nl?.id]);
}

describe('account export', () => {
  it('has every table that references users registered by a feature, or deliberately kept', async () => {
    const tables = await app.db.query<{ table_name: string }>(
      `SELECT DISTINCT c.conrelid::regclass::text AS table_name FROM pg_constraint c
        WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass`,
    );
    const registered = PARTS.flatMap((p) => p.tables);
    expect(new Set(registered).size, 'a table registered twice').toBe(registered.length);
    expect(
      tables.map((t) => t.table_name).sort(),
      'a new per-user table: register it in its feature’s account-data.ts (and name it in the deletion dialog)',
    ).toEqual([...registered, ...KEPT].sort());
  });

  it('carries every per-user table, mine only, without secrets', async () => {
    const a = await createAccount(app.db, 'export-a@exemple.fr', PASSWORD, { subscription: 'active' });
    const b = await createAccount(app.db, 'export-b@exemple.fr', PASSWORD, { subscription: 'active' });
    await fill(app.db, a, 'A');
    await fill(app.db, b, 'B');
    const browser = new TestBrowser(app.url);
    expect(await browser.signIn('export-a@exemple.fr', PASSWORD)).toMatchObject({ ok: true });
    const res = await browser.api('/api/account/export');
    expect(res.status).toBe(200);
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: the export is read as the user would, untyped.
    const data = JSON.parse(text) as Record<string, any>;

    for (const part of PARTS) if (part.export) expect(data, part.key).toHaveProperty(part.key);
    expect(data.savedSearches.map((s: { name: string }) => s.name)).toEqual(['Recherche de A']);
    expect(data.savedAddresses).toEqual([
      expect.objectContaining({ label: 'Immeuble de A', address: '18 Rue Edouard Vaillant 93140 Bondy (A)' }),
    ]);
    expect(data.savedListings).toEqual([
      expect.objectContaining({
        title: 'Annonce de A',
        status: 'visite',
        notes: 'Notes d’annonce de A',
        street_address: '12 Rue de A',
        placed_by_ban: false,
        sources: [expect.objectContaining({ portal: 'seloger', url: 'https://x/A' })],
        priceHistory: [expect.objectContaining({ price: 250000 }), expect.objectContaining({ price: 240000 })],
      }),
    ]);
    expect(data.prospectingLists).toEqual([
      expect.objectContaining({
        name: 'Liste de A',
        letterSubject: 'Objet de A',
        targets: [expect.objectContaining({ label: 'Cible de A', notes: 'Notes de cible de A', status: 'a_contacter' })],
      }),
    ]);
    expect(data.valueOpinions).toEqual([
      expect.objectContaining({ label: 'Avis de A', comment: 'Commentaire de A', result: { value: 230000 } }),
    ]);
    expect(data.reportLetterhead).toMatchObject({ name: 'Agence de A', logo: `data:image/png;base64,${PNG.toString('base64')}` });
    expect(data.myZone).toMatchObject({ communes: ['93010'] });
    expect(data.listingFeedLastVisitAt).toEqual(expect.any(String));
    expect(data.accessKeys.map((k: { name: string }) => k.name)).toEqual(['Clé de A']);
    expect(data.emailLinks).toEqual([expect.objectContaining({ purpose: 'reset' })]);
    expect(data.alertDigests.map((d: { subject: string }) => d.subject)).toEqual(['Alerte de A']);
    expect(data.newsletters.map((n: { subject: string }) => n.subject)).toEqual(['Lettre pour A']);
    expect(data.notifications.map((n: { name: string }) => n.name)).toEqual(['Notification de A']);

    expect(text).not.toMatch(/de B|pour B|\(B\)|\/B"/);
    expect(text).not.toContain('export-b@exemple.fr');
    expect(text).not.toContain('93048');
    const [stored] = await app.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [a]);
    expect(text).not.toContain(stored?.password_hash);
    for (const secret of ['hash-secret-A', 'token-secret-A', 'passwordHash', 'password_hash', '$argon2', '$scrypt'])
      expect(text).not.toContain(secret);
  });

  it('deletes every per-user row of the account, and only its own', async () => {
    const a = await createAccount(app.db, 'delete-a@exemple.fr', PASSWORD, { subscription: 'active' });
    const b = await createAccount(app.db, 'delete-b@exemple.fr', PASSWORD, { subscription: 'active' });
    await fill(app.db, a, 'C');
    await fill(app.db, b, 'D');
    const tables = [...PARTS.flatMap((p) => p.tables), 'users'];
    const rows = async (id: string) => {
      const left: Record<string, number> = {};
      for (const t of tables)
        left[t] = (
          await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t} WHERE ${t === 'users' ? 'id' : 'user_id'} = $1`, [id])
        )[0]?.n as number;
      return left;
    };
    const browser = new TestBrowser(app.url);
    expect(await browser.signIn('delete-a@exemple.fr', PASSWORD)).toMatchObject({ ok: true });
    expect(await new TestBrowser(app.url).signIn('delete-b@exemple.fr', PASSWORD)).toMatchObject({ ok: true });
    const before = await rows(a);
    const other = await rows(b);
    expect(
      Object.keys(before).filter((t) => !before[t]),
      'a registered table the test leaves empty',
    ).toEqual([]);

    const del = await browser.api('/api/account', { method: 'DELETE', body: { password: PASSWORD } });
    expect(del.status, await del.clone().text()).toBe(200);

    expect(await rows(a), 'the deleted account’s rows').toEqual(Object.fromEntries(tables.map((t) => [t, 0])));
    expect(await rows(b), 'the other account’s rows').toEqual(other);
    const [orphans] = await app.db.query<{ targets: number; prices: number; sources: number }>(
      `SELECT (SELECT count(*) FROM prospecting_targets WHERE label = 'Cible de C')::int AS targets,
              (SELECT count(*) FROM listing_sources WHERE url = 'https://x/C')::int AS sources,
              (SELECT count(*) FROM listing_prices p WHERE NOT EXISTS (SELECT 1 FROM listings l WHERE l.id = p.listing_id))::int AS prices`,
    );
    expect(orphans).toEqual({ targets: 0, sources: 0, prices: 0 });
    const [bTargets] = await app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM prospecting_targets WHERE label = 'Cible de D'`);
    expect(bTargets?.n).toBe(1);
  });
});
