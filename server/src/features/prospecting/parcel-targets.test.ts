/**
 * Parcel targets sent without a postal address (a cadastral description, from a page that did not
 * know the BAN address) are kept at their parcel's first BAN address, over the Bondy cadastre and
 * BAN; a postal address the client sent is kept as sent. Two subscribers: neither sees the other's.
 */
import {
  addTargetResponseSchema,
  addTargetsResponseSchema,
  listsResponseSchema,
  targetsResponseSchema,
} from '@immoloupe/shared/prospecting/contracts';
import { describe, expect, it } from 'vitest';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { type RouterServer, SAMPLE } from '../market/test-support.js';
import { prospectingRoutes } from './routes.js';

let api: RouterServer;
let other: RouterServer;
setUpTwoSubscribers(
  (db) => prospectingRoutes({ db }),
  { samples: [SAMPLE.bondyCadastre, SAMPLE.bondyBan], timeout: 180_000 },
  (set) => {
    ({ api, other } = set);
  },
);

async function post(server: RouterServer, path: string, body: unknown) {
  const res = await server.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as unknown };
}

const parcel = (id: string, address: string) => ({
  kind: 'parcel',
  ref: id,
  label: `Parcelle ${id.slice(8, 10)} ${Number(id.slice(10))} (${id})`,
  address,
});

describe('parcel targets without a postal address', () => {
  it('keeps a parcel added alone at its first BAN address, the one its sheet shows', async () => {
    const r = await post(api, '/api/prospecting/targets', {
      ...parcel('93010000AS0167', 'Bondy, section AS n° 167'),
      newListName: 'Parcelles',
    });
    expect(r.status).toBe(201);
    expect(addTargetResponseSchema.parse(r.body).target).toMatchObject({
      address: '139 Avenue Carnot, 93140 Bondy',
      postal: { street: '139 Avenue Carnot', postcode: '93140', town: 'Bondy' },
    });
  });

  it('looks the addresses of a page up at once, keeps what the client sent otherwise, and only in the user’s own list', async () => {
    const r = await post(api, '/api/prospecting/targets/bulk', {
      newListName: 'Parcelles en lot',
      targets: [
        parcel('93010000AS0167', 'Bondy, section AS n° 167'),
        // No BAN address near it: the cadastral description stays.
        parcel('930100000A0072', 'Bondy, section 0A n° 72'),
        // A postal address the client chose is kept as sent.
        parcel('93010000AS0168', '12 Rue Jules Guesde, 93140 Bondy'),
        // Not a parcel id: nothing is looked up.
        parcel('AS 169', 'Bondy, section AS n° 169'),
        { kind: 'address', ref: 'Bondy', label: 'Bondy', address: 'Bondy' },
      ],
    });
    expect(r.status).toBe(201);
    const { list, added } = addTargetsResponseSchema.parse(r.body);
    expect(added).toBe(5);
    const targets = targetsResponseSchema.parse(
      (await api.fetch(`/api/prospecting/lists/${list.id}/targets`).then((x) => x.json())) as unknown,
    );
    expect(targets.targets.map((t) => [t.ref, t.address])).toEqual([
      ['93010000AS0167', '139 Avenue Carnot, 93140 Bondy'],
      ['930100000A0072', 'Bondy, section 0A n° 72'],
      ['93010000AS0168', '12 Rue Jules Guesde, 93140 Bondy'],
      ['AS 169', 'Bondy, section AS n° 169'],
      ['Bondy', 'Bondy'],
    ]);

    // The other subscriber neither reads this list nor adds to it.
    expect((await other.fetch(`/api/prospecting/lists/${list.id}/targets`)).status).toBe(404);
    expect((await post(other, '/api/prospecting/targets/bulk', { listId: list.id, targets: [parcel('93010000AS0167', '')] })).status).toBe(
      404,
    );
    const own = await post(other, '/api/prospecting/targets', { ...parcel('93010000AS0167', ''), newListName: 'Parcelles en lot' });
    expect(addTargetResponseSchema.parse(own.body)).toMatchObject({
      created: true,
      list: { targets: 1 },
      target: { address: '139 Avenue Carnot, 93140 Bondy' },
    });
    const mine = listsResponseSchema.parse((await api.fetch('/api/prospecting/lists').then((x) => x.json())) as unknown);
    expect(mine.lists.map((l) => [l.name, l.targets])).toEqual([
      ['Parcelles', 1],
      ['Parcelles en lot', 5],
    ]);
  });
});
