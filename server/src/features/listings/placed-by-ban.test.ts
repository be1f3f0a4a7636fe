/**
 * « Mes annonces »: a position the agent picked in the BAN is kept, and said to be the BAN's, when
 * the portal's page is read again (portals round their points); another pick replaces it. Two
 * subscribers: neither reads nor moves the other's listing.
 */
import { describe, expect, it } from 'vitest';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import type { RouterServer } from '../market/test-support.js';
import { listingRoutes } from './routes.js';

let alice: RouterServer;
let bob: RouterServer;

setUpTwoSubscribers(
  (db) => listingRoutes({ db }),
  {},
  (set) => {
    ({ api: alice, other: bob } = set);
  },
);

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A listing of a portal, with the portal's rounded point. */
const PORTAL = {
  portal: 'leboncoin',
  portalId: '3087446512',
  url: 'https://www.leboncoin.fr/ad/ventes_immobilieres/3087446512',
  transaction: 'vente',
  propertyType: 'maison',
  title: 'Maison 5 pièces 110 m²',
  price: 389000,
  surface: 110,
  rooms: 5,
  postcode: '93140',
  city: 'Bondy',
  lat: 48.9,
  lon: 2.48,
};
/** « 139 Avenue Carnot, 93140 Bondy » picked in « Adresse du bien ». */
const CARNOT = { lat: 48.9023, lon: 2.4828, streetAddress: '139 Avenue Carnot', placedByBan: true };

async function saved(server: RouterServer, id: string) {
  const res = await server.fetch(`/api/listings/saved/${id}`);
  if (res.status !== 200) return { status: res.status };
  const l = (await res.json()) as { lat: number; lon: number; placedByBan: boolean };
  return { status: res.status, lat: l.lat, lon: l.lon, placedByBan: l.placedByBan };
}

async function save(server: RouterServer, body: unknown): Promise<string> {
  const res = await server.fetch('/api/listings/saved', json(body));
  expect(res.status).toBeLessThan(300);
  return ((await res.json()) as { id: string }).id;
}

describe('Mes annonces, a position picked in the BAN', () => {
  it('keeps the picked point against the portal’s, until another pick replaces it', async () => {
    const id = await save(alice, PORTAL);
    expect(await saved(alice, id)).toEqual({ status: 200, lat: 48.9, lon: 2.48, placedByBan: false });

    expect(await save(alice, { ...PORTAL, ...CARNOT })).toBe(id);
    expect(await saved(alice, id)).toEqual({ status: 200, lat: CARNOT.lat, lon: CARNOT.lon, placedByBan: true });

    // The extension reads the portal's page again: its rounded point moves nothing.
    expect(await save(alice, { ...PORTAL, price: 379000 })).toBe(id);
    expect(await saved(alice, id)).toEqual({ status: 200, lat: CARNOT.lat, lon: CARNOT.lon, placedByBan: true });
    // Nor does a sighting without a position that calls itself the BAN's.
    expect(await save(alice, { ...PORTAL, lat: null, lon: null, placedByBan: false })).toBe(id);
    expect(await saved(alice, id)).toEqual({ status: 200, lat: CARNOT.lat, lon: CARNOT.lon, placedByBan: true });

    // The agent places it at a parcel's centre instead: that point, not the BAN's, and the portal's
    // point replaces it again at the next reading.
    expect(await save(alice, { ...PORTAL, lat: 48.9031, lon: 2.4841, placedByBan: false })).toBe(id);
    expect(await saved(alice, id)).toEqual({ status: 200, lat: 48.9031, lon: 2.4841, placedByBan: false });
    expect(await save(alice, PORTAL)).toBe(id);
    expect(await saved(alice, id)).toEqual({ status: 200, lat: 48.9, lon: 2.48, placedByBan: false });
  });

  it('lets no one else read or move a picked position', async () => {
    const id = await save(alice, { ...PORTAL, portalId: '3087446513', ...CARNOT });
    expect(await saved(bob, id)).toEqual({ status: 404 });
    // Bob reads the same ad on the portal: his own listing, at the portal's point; Alice's stays.
    const bobs = await save(bob, { ...PORTAL, portalId: '3087446513' });
    expect(bobs).not.toBe(id);
    expect(await saved(bob, bobs)).toEqual({ status: 200, lat: 48.9, lon: 2.48, placedByBan: false });
    expect(await saved(alice, id)).toEqual({ status: 200, lat: CARNOT.lat, lon: CARNOT.lon, placedByBan: true });
    expect(await saved(alice, bobs)).toEqual({ status: 404 });
  });

  it('refuses an origin that is neither true nor false, in French, and saves nothing', async () => {
    const before = ((await (await alice.fetch('/api/listings/saved')).json()) as { listings: unknown[] }).listings.length;
    const res = await alice.fetch('/api/listings/saved', json({ ...PORTAL, portalId: '3087446514', placedByBan: 'oui' }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { issues: { message: string }[] }).issues[0]?.message).toBe(
      'Origine de la position attendue (vrai ou faux).',
    );
    expect(((await (await alice.fetch('/api/listings/saved')).json()) as { listings: unknown[] }).listings.length).toBe(before);
  });
});
