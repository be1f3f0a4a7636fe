/**
 * The DPE and co-ownership searches as saved-search tools: validated by the tools' own schemas,
 * counted by their own queries, and « ma zone » (a search without zone) resolved with the
 * search's owner — two users with different zones get their own counts from the same query.
 */
import { type SavedSearch, savedSearchListSchema, savedSearchSchema } from '@immoloupe/shared/saved-searches/contracts';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createLogger } from '../../logger.js';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { OTHER_SUBSCRIBER, type RouterServer, SAMPLE, SUBSCRIBER } from '../market/test-support.js';
import { saveTerritory } from '../zone/territory.js';
import { savedSearchRoutes } from './routes.js';
import { countResults } from './tools.js';

const DPE_SAMPLE = 'dpe/dpe03existant_extrait-1000_france.csv';
let db: Db;
let api: RouterServer;
let other: RouterServer;
const log = createLogger('silent');
const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

setUpTwoSubscribers(
  (db) => savedSearchRoutes({ db, log }),
  { samples: [DPE_SAMPLE, SAMPLE.bondyCopro] },
  (set) => {
    ({ db, api, other } = set);
  },
);

async function save(server: RouterServer, body: unknown): Promise<SavedSearch> {
  const res = await server.fetch('/api/saved-searches', post(body));
  expect(res.status, await res.clone().text()).toBe(201);
  return savedSearchSchema.parse(await res.json());
}

async function dpeOf(insee: string, extra = ''): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM dpe d WHERE code_insee_ban = $1
       AND NOT EXISTS (SELECT 1 FROM dpe r WHERE r.numero_dpe_remplace = d.numero_dpe) ${extra}`,
    [insee],
  );
  return row?.n ?? 0;
}

describe('DPE and co-ownership saved searches', () => {
  it('saves a DPE search of a named zone, counted like GET /api/dpe', async () => {
    const s = await save(api, { tool: 'dpe', query: '?insee=69387&classes=F,G&page=3&sort=classe', name: 'Passoires Lyon 7e' });
    expect(s).toMatchObject({ tool: 'dpe', query: 'classes=F%2CG&insee=69387', url: '/pro/recherchedpe?classes=F%2CG&insee=69387' });
    expect(s.lastCount).toBe(10);
    expect(await dpeOf('69387', "AND etiquette_dpe IN ('F', 'G')")).toBe(10);
  });

  it('saves a co-ownership search, counted like GET /api/copros', async () => {
    const s = await save(api, { tool: 'copros', query: 'insee=93010', name: 'Copros de Bondy' });
    expect(s.lastCount).toBe(37);
    const big = await save(api, { tool: 'copros', query: 'insee=93010&lotsMin=50', name: 'Grandes copros' });
    const [expected] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM copros WHERE nombre_total_lots >= 50`);
    expect(big.lastCount).toBe(expected?.n);
    expect(big.lastCount).toBeLessThan(37);
  });

  it('refuses what the tools refuse, in French, and saves nothing', async () => {
    const before = (await db.query('SELECT id FROM saved_searches')).length;
    for (const [body, path, message] of [
      [{ tool: 'dpe', query: 'insee=69387&surfaceMin=90&surfaceMax=20', name: 'x' }, 'query.surfaceMax', 'Fourchette de surface inversée.'],
      [{ tool: 'dpe', query: 'classes=H', name: 'x' }, 'query.classes.0', 'Classe DPE inconnu'],
      [{ tool: 'copros', query: 'insee=93010&postcode=93140', name: 'x' }, 'query.zone', 'Une seule zone à la fois'],
      [{ tool: 'copros', query: 'endsWithin=500', name: 'x' }, 'query.endsWithin', 'Au plus 120 mois.'],
    ] as const) {
      const res = await api.fetch('/api/saved-searches', post(body));
      expect(res.status).toBe(400);
      const issues = ((await res.json()) as { issues: { path: string; message: string }[] }).issues;
      expect(issues.find((i) => i.path === path)?.message, JSON.stringify(issues)).toContain(message);
    }
    expect((await db.query('SELECT id FROM saved_searches')).length).toBe(before);
  });

  it('resolves « ma zone » with the owner: two users, two zones, two counts for the same query', async () => {
    await saveTerritory(db, SUBSCRIBER.id, { geometry: null, communes: ['69387'] });
    await saveTerritory(db, OTHER_SUBSCRIBER.id, { geometry: null, communes: ['93010'] });
    const mine = await save(api, { tool: 'dpe', query: '', name: 'Ma zone' });
    const theirs = await save(other, { tool: 'dpe', query: '', name: 'Ma zone' });
    expect(mine.lastCount).toBe(await dpeOf('69387'));
    expect(theirs.lastCount).toBe(await dpeOf('93010'));
    expect(mine.lastCount).not.toBe(theirs.lastCount);

    const coprosMine = await save(api, { tool: 'copros', query: 'zone=mine', name: 'Copros de ma zone' });
    const coprosTheirs = await save(other, { tool: 'copros', query: 'zone=mine', name: 'Copros de ma zone' });
    expect(coprosMine.lastCount).toBe(0);
    expect(coprosTheirs.lastCount).toBe(37);
    // The counter of the alert runs takes the owner too, whoever triggers it.
    expect(await countResults(db, 'copros', 'zone=mine', OTHER_SUBSCRIBER.id)).toBe(37);

    const theirList = savedSearchListSchema.parse(await (await other.fetch('/api/saved-searches')).json());
    expect(theirList.items.map((i) => i.id).sort()).toEqual([theirs.id, coprosTheirs.id].sort());
  });

  it('still saves a « ma zone » search when the owner has no zone yet, uncounted', async () => {
    await db.query('DELETE FROM user_territories WHERE user_id = $1', [OTHER_SUBSCRIBER.id]);
    const s = await save(other, { tool: 'dpe', query: 'classes=G', name: 'G de ma zone' });
    expect(s.lastCount).toBeNull();
  });
});
