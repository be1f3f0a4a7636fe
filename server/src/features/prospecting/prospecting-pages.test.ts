/**
 * Prospecting lists and targets a page at a time (decision 1500): `?page=&sort=&order=` answers one
 * page with its total, in the order asked, for the signed-in subscriber only; the other never pages
 * into them, nor changes them. Without `page`, every item, as the CSV, the letters and the list picker read them.
 */
import {
  LISTS_PAGE_SIZE,
  listsResponseSchema,
  TARGETS_PAGE_SIZE,
  type TargetsResponse,
  targetsResponseSchema,
} from '@immoloupe/shared/prospecting/contracts';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { OTHER_SUBSCRIBER, type RouterServer, SUBSCRIBER } from '../market/test-support.js';
import { prospectingRoutes } from './routes.js';

let db: Db;
let api: RouterServer;
let other: RouterServer;
let big: string;
let theirs: string;

setUpTwoSubscribers(
  (db) => prospectingRoutes({ db }),
  {},
  async (set) => {
    ({ db, api, other } = set);
    // 55 lists for the first subscriber (list 01 holds 120 targets: 30 co-ownerships without owner,
    // the others parcels), 3 for the other, one of which holds 4 targets.
    await db.query(
      `INSERT INTO prospecting_lists (user_id, name, created_at)
       SELECT $1, 'Liste ' || lpad(i::text, 2, '0'), timestamp '2026-01-01' + i * interval '1 day' FROM generate_series(1, 55) i`,
      [SUBSCRIBER.id],
    );
    await db.query(
      `INSERT INTO prospecting_lists (user_id, name, created_at)
       SELECT $1, 'Autre ' || i, timestamp '2026-01-01' + i * interval '1 hour' FROM generate_series(1, 3) i`,
      [OTHER_SUBSCRIBER.id],
    );
    [big, theirs] = (
      await db.query<{ id: string }>(
        `SELECT id FROM prospecting_lists WHERE (user_id, name) IN (($1, 'Liste 01'), ($2, 'Autre 1')) ORDER BY name DESC`,
        [SUBSCRIBER.id, OTHER_SUBSCRIBER.id],
      )
    ).map((r) => r.id) as [string, string];
    await db.query(
      `INSERT INTO prospecting_targets (list_id, kind, ref, label, address, status, created_at)
       SELECT $1, CASE WHEN i <= 30 THEN 'copro' ELSE 'parcel' END, 'REF' || lpad(i::text, 3, '0'), 'Cible ' || lpad(i::text, 3, '0'),
              i || ' Rue Jules Guesde, 93140 Bondy', CASE WHEN i % 2 = 0 THEN 'contacte' ELSE 'a_contacter' END,
              timestamp '2026-02-01' + i * interval '1 minute'
         FROM generate_series(1, 120) i`,
      [big],
    );
    await db.query(
      `INSERT INTO prospecting_targets (list_id, kind, ref, label, address)
       SELECT $1, 'dpe', 'AUTRE' || i, 'Cible autre ' || i, 'Flers' FROM generate_series(1, 4) i`,
      [theirs],
    );
  },
);

async function get<T>(server: RouterServer, path: string, schema: { parse: (v: unknown) => T }): Promise<T> {
  const res = await server.fetch(path);
  expect(res.status, await res.clone().text()).toBe(200);
  return schema.parse(await res.json());
}

const targets = (server: RouterServer, list: string, query: string): Promise<TargetsResponse> =>
  get(server, `/api/prospecting/lists/${list}/targets?${query}`, targetsResponseSchema);

describe('GET /api/prospecting/lists with page', () => {
  it('pages through the user’s lists with their total, and sorts them', async () => {
    const first = await get(api, '/api/prospecting/lists?page=1', listsResponseSchema);
    expect(first).toMatchObject({ total: 55, page: 1, pageSize: LISTS_PAGE_SIZE, sort: 'created', order: 'asc' });
    expect(first.lists).toHaveLength(LISTS_PAGE_SIZE);
    expect(first.lists[0]?.name).toBe('Liste 01');
    const second = await get(api, '/api/prospecting/lists?page=2', listsResponseSchema);
    expect(second.lists.map((l) => l.name)).toEqual(['Liste 51', 'Liste 52', 'Liste 53', 'Liste 54', 'Liste 55']);
    const byTargets = await get(api, '/api/prospecting/lists?page=1&sort=targets&order=desc', listsResponseSchema);
    expect(byTargets.lists[0]).toMatchObject({ name: 'Liste 01', targets: 120 });
    const byName = await get(api, '/api/prospecting/lists?page=1&sort=name&order=desc', listsResponseSchema);
    expect(byName.lists[0]?.name).toBe('Liste 55');
  });

  it('gives the other subscriber their own 3, and every list without page', async () => {
    const mine = await get(other, '/api/prospecting/lists?page=1&sort=name', listsResponseSchema);
    expect(mine.total).toBe(3);
    expect(mine.lists.map((l) => l.name)).toEqual(['Autre 1', 'Autre 2', 'Autre 3']);
    const all = await get(api, '/api/prospecting/lists', listsResponseSchema);
    expect(all.lists).toHaveLength(55);
    expect(all).toMatchObject({ total: 55, page: 1, pageSize: 55 });
  });
});

describe('GET /api/prospecting/lists/:id/targets with page', () => {
  it('pages through a list of 120 targets, with the letters each receives counted on every page', async () => {
    const pages = [await targets(api, big, 'page=1'), await targets(api, big, 'page=2'), await targets(api, big, 'page=3')];
    expect(pages[0]).toMatchObject({ total: 120, page: 1, pageSize: TARGETS_PAGE_SIZE, sort: 'created', order: 'asc' });
    expect(pages.map((p) => p.targets.length)).toEqual([50, 50, 20]);
    const labels = pages.flatMap((p) => p.targets.map((t) => t.label));
    expect(new Set(labels).size).toBe(120);
    expect(labels[0]).toBe('Cible 001');
    for (const p of pages) expect(p.audiences).toEqual({ owner: 90, syndic: 30 });
  });

  it('sorts both ways and keeps the filters’ total', async () => {
    const desc = await targets(api, big, 'page=1&sort=label&order=desc');
    expect(desc.targets[0]?.label).toBe('Cible 120');
    const contacted = await targets(api, big, 'page=2&status=contacte&sort=created&order=desc');
    expect(contacted).toMatchObject({ total: 60, page: 2, audiences: { owner: 45, syndic: 15 } });
    expect(contacted.targets).toHaveLength(10);
    expect(contacted.targets.at(-1)?.label).toBe('Cible 002');
    // Statuses in their pipeline order, reversed: « contacté » before « à contacter ».
    const byStatus = await targets(api, big, 'page=1&sort=status&order=desc');
    expect(byStatus.targets[0]?.status).toBe('contacte');
    // The CSV takes the filters, never a page.
    const csv = await (await api.fetch(`/api/prospecting/lists/${big}/targets.csv?page=2&status=contacte`)).text();
    expect(csv.trim().split('\n')).toHaveLength(61);
  });

  it('never pages into the other subscriber’s list, nor lets them change a target', async () => {
    expect((await other.fetch(`/api/prospecting/lists/${big}/targets?page=1`)).status).toBe(404);
    const own = await targets(other, theirs, 'page=1');
    expect(own).toMatchObject({ total: 4, audiences: { owner: 4, syndic: 0 } });
    const target = (await targets(api, big, 'page=1')).targets[0];
    const patch = await other.fetch(`/api/prospecting/targets/${target?.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'perdu' }),
    });
    expect(patch.status).toBe(404);
    expect((await targets(api, big, 'page=1')).targets[0]?.status).toBe(target?.status);
  });

  it('refuses a bad page, sort or order in French', async () => {
    for (const [query, message] of [
      ['page=0', 'Numéro de page invalide (1 au moins).'],
      ['page=1&sort=prix', 'Tri\u00a0: created, status, nextAction ou label.'],
      ['page=1&order=haut', 'Ordre\u00a0: asc ou desc.'],
    ] as const) {
      const res = await api.fetch(`/api/prospecting/lists/${big}/targets?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(await res.json()), query).toContain(message);
    }
    expect(JSON.stringify(await (await api.fetch('/api/prospecting/lists?page=1&sort=nom')).json())).toContain(
      'Tri\u00a0: created, name ou targets.',
    );
  });
});
