/**
 * Saved searches through HTTP: validated by the tool's own schema (French 400, nothing saved),
 * counted with the tool's queries, renamed, duplicated, deleted; two users never see nor touch
 * each other's; the per-user limit; deleting the account deletes them.
 */
import { type SavedSearch, savedSearchListSchema, savedSearchSchema } from '@immoloupe/shared/saved-searches/contracts';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createLogger } from '../../logger.js';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { LAPSED, OTHER_SUBSCRIBER, type RouterServer, SAMPLE, serveRouter } from '../market/test-support.js';
import { savedSearchRoutes } from './routes.js';

let db: Db;
let api: RouterServer;
let other: RouterServer;
const log = createLogger('silent');
const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

setUpTwoSubscribers(
  (db) => savedSearchRoutes({ db, log }),
  { users: [LAPSED], samples: [SAMPLE.bondyCadastre, SAMPLE.bondyDvf] },
  (set) => {
    ({ db, api, other } = set);
  },
);

async function save(server: RouterServer, body: unknown): Promise<SavedSearch> {
  const res = await server.fetch('/api/saved-searches', json('POST', body));
  expect(res.status, await res.clone().text()).toBe(201);
  return savedSearchSchema.parse(await res.json());
}

describe('/api/saved-searches', () => {
  it('saves a transactions search, counted by the tool’s own query, and re-opens it', async () => {
    const s = await save(api, { tool: 'transactions', query: '?insee=93010&types=appartement&page=2', name: 'Bondy appartements' });
    expect(s).toMatchObject({ tool: 'transactions', query: 'insee=93010&types=appartement', alert: 'off' });
    expect(s.url).toBe('/pro/transactions?insee=93010&types=appartement');
    const [expected] = await db.query<{ n: number }>(
      `SELECT count(DISTINCT m.id_mutation)::int AS n FROM dvf_mutations m JOIN dvf_lines l USING (id_mutation)
        WHERE m.code_commune = '93010' AND l.code_type_local = '2'`,
    );
    expect(s.lastCount).toBe(expected?.n);
    expect(s.lastCount).toBeGreaterThan(100);
    const parcels = await save(api, { tool: 'parcelles', query: 'commune=93010&section=AS', name: 'Section AS', alert: 'weekly' });
    expect(parcels.lastCount).toBeGreaterThan(0);
    const list = savedSearchListSchema.parse(await (await api.fetch('/api/saved-searches')).json());
    expect(list.items.map((i) => i.name)).toEqual(['Section AS', 'Bondy appartements']);
  });

  it('refuses a query its tool refuses, in French, and saves nothing', async () => {
    const before = await db.query('SELECT id FROM saved_searches');
    const res = await api.fetch(
      '/api/saved-searches',
      json('POST', { tool: 'transactions', query: 'insee=93010&surfaceMin=90&surfaceMax=20', name: 'Inversée' }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ issues: [{ path: 'query.surfaceMax', message: 'Fourchette de surface inversée.' }] });
    for (const body of [
      { tool: 'inconnu', query: '', name: 'x' },
      { tool: 'parcelles', query: 'commune=93010', name: '  ' },
      { tool: 'parcelles', query: 'commune=93010', name: 'x', alert: 'hourly' },
    ]) {
      expect((await api.fetch('/api/saved-searches', json('POST', body))).status).toBe(400);
    }
    expect(await db.query('SELECT id FROM saved_searches')).toEqual(before);
  });

  it('renames, changes the alert, duplicates and deletes; another user can do none of it', async () => {
    const s = await save(api, { tool: 'transactions', query: 'insee=93010', name: 'Bondy' });
    // The other subscriber: not listed, and every route answers 404 as for an unknown id.
    const theirs = savedSearchListSchema.parse(await (await other.fetch('/api/saved-searches')).json());
    expect(theirs.items.find((i) => i.id === s.id)).toBeUndefined();
    expect((await other.fetch(`/api/saved-searches/${s.id}`, json('PATCH', { name: 'Volée' }))).status).toBe(404);
    expect((await other.fetch(`/api/saved-searches/${s.id}/duplicate`, { method: 'POST' })).status).toBe(404);
    expect((await other.fetch(`/api/saved-searches/${s.id}`, { method: 'DELETE' })).status).toBe(404);
    const [still] = await db.query<{ name: string }>('SELECT name FROM saved_searches WHERE id = $1', [s.id]);
    expect(still?.name).toBe('Bondy');
    // Its owner can.
    const renamed = savedSearchSchema.parse(
      await (await api.fetch(`/api/saved-searches/${s.id}`, json('PATCH', { name: 'Bondy tout', alert: 'daily' }))).json(),
    );
    expect(renamed).toMatchObject({ name: 'Bondy tout', alert: 'daily', query: 'insee=93010' });
    const copyRes = await api.fetch(`/api/saved-searches/${s.id}/duplicate`, { method: 'POST' });
    expect(copyRes.status).toBe(201);
    const copy = savedSearchSchema.parse(await copyRes.json());
    expect(copy).toMatchObject({ name: 'Bondy tout (copie)', query: 'insee=93010', alert: 'off', lastCount: s.lastCount });
    expect((await api.fetch(`/api/saved-searches/${copy.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api.fetch(`/api/saved-searches/${copy.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await api.fetch('/api/saved-searches/pas-un-id', { method: 'DELETE' })).status).toBe(400);
    expect((await api.fetch(`/api/saved-searches/${s.id}`, json('PATCH', {}))).status).toBe(400);
  });

  it('replaces the filters of a search, counted again and checked by its tool; another user cannot', async () => {
    const s = await save(api, { tool: 'transactions', query: 'insee=93010', name: 'Bondy à filtrer', alert: 'weekly' });
    const res = await api.fetch(`/api/saved-searches/${s.id}`, json('PATCH', { query: '?insee=93010&types=appartement&page=3' }));
    expect(res.status).toBe(200);
    const updated = savedSearchSchema.parse(await res.json());
    expect(updated).toMatchObject({ id: s.id, name: 'Bondy à filtrer', alert: 'weekly', query: 'insee=93010&types=appartement' });
    expect(updated.url).toBe('/pro/transactions?insee=93010&types=appartement');
    expect(updated.lastCount).toBeLessThan(s.lastCount ?? 0);
    expect(updated.lastCount).toBeGreaterThan(100);
    // Refused by the tool: a French 400 on the field, and nothing changes.
    const bad = await api.fetch(`/api/saved-searches/${s.id}`, json('PATCH', { query: 'insee=93010&surfaceMin=90&surfaceMax=20' }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ issues: [{ path: 'query.surfaceMax', message: 'Fourchette de surface inversée.' }] });
    expect((await other.fetch(`/api/saved-searches/${s.id}`, json('PATCH', { query: 'insee=64260' }))).status).toBe(404);
    const [row] = await db.query<{ query: string }>('SELECT query FROM saved_searches WHERE id = $1', [s.id]);
    expect(row?.query).toBe('insee=93010&types=appartement');
  });

  it('counts all my searches again on demand, and only mine', async () => {
    const mine = await save(api, { tool: 'transactions', query: 'insee=93010&types=maison', name: 'Maisons à recompter' });
    const theirs = await save(other, { tool: 'transactions', query: 'insee=93010&types=maison', name: 'Les leurs' });
    // Counts of another day, now wrong.
    await db.query(`UPDATE saved_searches SET last_count = 1, last_count_at = '2025-01-01' WHERE id = ANY($1::uuid[])`, [
      [mine.id, theirs.id],
    ]);
    const res = await api.fetch('/api/saved-searches/recount', { method: 'POST' });
    expect(res.status).toBe(200);
    const list = savedSearchListSchema.parse(await res.json());
    const recounted = list.items.find((i) => i.id === mine.id);
    expect(recounted?.lastCount).toBe(mine.lastCount);
    expect(recounted?.lastCountAt?.slice(0, 4)).not.toBe('2025');
    expect(list.items.find((i) => i.id === theirs.id)).toBeUndefined();
    const [still] = await db.query<{ last_count: number }>('SELECT last_count FROM saved_searches WHERE id = $1', [theirs.id]);
    expect(still?.last_count).toBe(1);
  });

  it('takes an alert on a listing search; another user can neither change nor see it', async () => {
    const s = await save(api, { tool: 'annonces', query: 'postcode=93140', name: 'Annonces de Bondy' });
    const res = await api.fetch(`/api/saved-searches/${s.id}`, json('PATCH', { alert: 'weekly' }));
    expect(res.status).toBe(200);
    expect(savedSearchSchema.parse(await res.json())).toMatchObject({ name: 'Annonces de Bondy', alert: 'weekly' });
    expect((await other.fetch(`/api/saved-searches/${s.id}`, json('PATCH', { alert: 'off' }))).status).toBe(404);
    const [row] = await db.query<{ alert: string }>('SELECT alert FROM saved_searches WHERE id = $1', [s.id]);
    expect(row?.alert).toBe('weekly');
    expect((await api.fetch(`/api/saved-searches/${s.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('refuses an unknown alert frequency in French and changes nothing', async () => {
    const s = await save(api, { tool: 'dpe', query: 'insee=93010', name: 'DPE de Bondy' });
    const res = await api.fetch(`/api/saved-searches/${s.id}`, json('PATCH', { name: 'Renommée', alert: 'hourly' }));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('Fréquence d’alerte inconnue.');
    const [row] = await db.query<{ name: string; alert: string }>('SELECT name, alert FROM saved_searches WHERE id = $1', [s.id]);
    expect(row).toEqual({ name: 'DPE de Bondy', alert: 'off' });
    expect((await api.fetch(`/api/saved-searches/${s.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('is for subscribers only', async () => {
    const out = await serveRouter(savedSearchRoutes({ db, log }), undefined);
    const lapsed = await serveRouter(savedSearchRoutes({ db, log }), LAPSED);
    try {
      expect((await out.fetch('/api/saved-searches')).status).toBe(401);
      expect(
        (await lapsed.fetch('/api/saved-searches', json('POST', { tool: 'parcelles', query: 'commune=93010', name: 'x' }))).status,
      ).toBe(403);
    } finally {
      await out.close();
      await lapsed.close();
    }
  });

  it('stops at the per-user limit with a French message', async () => {
    const [n] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_searches WHERE user_id = $1', [OTHER_SUBSCRIBER.id]);
    await db.query(
      `INSERT INTO saved_searches (user_id, tool, name, query) SELECT $1, 'parcelles', 'Recherche ' || i, 'commune=93010' FROM generate_series(1, $2::int) i`,
      [OTHER_SUBSCRIBER.id, 100 - (n?.n ?? 0)],
    );
    const res = await other.fetch('/api/saved-searches', json('POST', { tool: 'parcelles', query: 'commune=93010', name: 'Une de trop' }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: 'Vous avez atteint la limite de 100 recherches enregistrées\u00a0: supprimez-en une pour en ajouter.',
    });
    // The first user is not affected by the other's limit.
    await save(api, { tool: 'parcelles', query: 'commune=93010', name: 'Encore une' });
  });

  it('goes with its account', async () => {
    await db.query('DELETE FROM users WHERE id = $1', [OTHER_SUBSCRIBER.id]);
    expect(await db.query('SELECT id FROM saved_searches WHERE user_id = $1', [OTHER_SUBSCRIBER.id])).toEqual([]);
  });
});
