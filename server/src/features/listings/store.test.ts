/**
 * « Mes annonces » over HTTP with two subscribers (neither reads nor changes the other's), the
 * merge of sightings (same portal id; same property on another portal) with the price history,
 * the street a pasted listing was placed at, bad input, and the analysis of a listing on the
 * Hendaye DVF sample.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RENT_NOTE, TRANSACTION_QUESTION } from '@immoloupe/shared/listings/store.logic';
import { describe, expect, it } from 'vitest';
import type { RequestUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { runImport } from '../../importers/run.js';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { type FixtureSale, writeSalesFile } from '../alerts/testing/dvf-fixture.js';
import { type RouterServer, SAMPLE, SUBSCRIBER, serveRouter } from '../market/test-support.js';
import { listingRoutes } from './routes.js';

let db: Db;
let alice: RouterServer;
let bob: RouterServer;

const ADMIN = { ...SUBSCRIBER, id: '00000000-0000-4000-8000-000000000009', email: 'admin@exemple.fr', role: 'admin' } as RequestUser;

const json = (body: unknown, method = 'POST') => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const SELOGER = {
  portal: 'seloger',
  portalId: '249918711',
  url: 'https://www.seloger.com/annonces/249918711.htm',
  transaction: 'vente',
  propertyType: 'appartement',
  title: 'Appartement 3 pièces 62 m²',
  price: 310000,
  surface: 62,
  rooms: 3,
  dpeClass: 'D',
  postcode: '64700',
  city: 'Hendaye',
  lat: 43.3588,
  lon: -1.7725,
};

type Saved = {
  id: string;
  title: string | null;
  status: string;
  notes: string;
  price: number;
  sources: { portal: string }[];
  prices: { price: number }[];
  priceDrop: boolean;
};

setUpTwoSubscribers(
  (db) => listingRoutes({ db }),
  { users: [ADMIN], samples: [SAMPLE.hendayeDvf] },
  (set) => {
    ({ db, api: alice, other: bob } = set);
  },
);

async function list(server: RouterServer): Promise<Saved[]> {
  const res = await server.fetch('/api/listings/saved');
  expect(res.status).toBe(200);
  return ((await res.json()) as { listings: Saved[] }).listings;
}

describe('Mes annonces', () => {
  let id = '';

  it('saves a listing; a price saved again the same day on that site replaces the day’s price (no drop)', async () => {
    const first = await alice.fetch('/api/listings/saved', json({ ...SELOGER, price: 340000 }));
    expect(first.status).toBe(201);
    const created = (await first.json()) as { id: string };
    expect(created).toMatchObject({ merged: false, pricePoint: 'added' });
    id = created.id;
    // The price was misread, the agent types the right one in and saves again: a correction.
    const corrected = await alice.fetch('/api/listings/saved', json(SELOGER));
    expect(corrected.status).toBe(200);
    expect(await corrected.json()).toEqual({ id, merged: true, pricePoint: 'replaced' });
    const [saved] = await list(alice);
    expect(saved).toMatchObject({ id, price: 310000, priceDrop: false });
    expect(saved?.prices.map((p) => p.price)).toEqual([310000]);
  });

  it('adds a price point on a later day, and a lower one shows as a price drop', async () => {
    await db.query(`UPDATE listing_prices SET seen_at = seen_at - interval '1 day' WHERE listing_id = $1`, [id]);
    const again = await alice.fetch('/api/listings/saved', json({ ...SELOGER, price: 295000 }));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id, merged: true, pricePoint: 'added' });
    const [saved] = await list(alice);
    expect(saved).toMatchObject({ id, price: 295000, status: 'a_visiter', priceDrop: true });
    expect(saved?.prices.map((p) => p.price)).toEqual([310000, 295000]);
  });

  it('joins the same property seen on another portal (same place and type, surface within 3 %)', async () => {
    const other = {
      ...SELOGER,
      portal: 'leboncoin',
      portalId: '3064027597',
      url: undefined,
      surface: 61,
      price: 299000,
      lat: 43.359,
      lon: -1.7728,
    };
    const res = await alice.fetch('/api/listings/saved', json(other));
    expect(await res.json()).toEqual({ id, merged: true, pricePoint: 'added' });
    const far = { ...other, portalId: '1', surface: 70 };
    expect(((await (await alice.fetch('/api/listings/saved', json(far))).json()) as { merged: boolean }).merged).toBe(false);
    const mine = await list(alice);
    expect(mine).toHaveLength(2);
    expect(mine.find((l) => l.id === id)?.sources.map((s) => s.portal)).toEqual(['seloger', 'leboncoin']);
  });

  it('keeps each subscriber to their own listings', async () => {
    expect(await list(bob)).toEqual([]);
    expect((await bob.fetch(`/api/listings/saved/${id}`)).status).toBe(404);
    expect((await bob.fetch(`/api/listings/saved/${id}`, json({ status: 'ecarte' }, 'PATCH'))).status).toBe(404);
    expect((await bob.fetch(`/api/listings/saved/${id}`, { method: 'DELETE' })).status).toBe(404);
    // Bob saving the same listing gets his own copy, Alice's is untouched.
    expect((await bob.fetch('/api/listings/saved', json(SELOGER))).status).toBe(201);
    const [alices] = (await list(alice)).filter((l) => l.id === id);
    expect(alices).toMatchObject({ status: 'a_visiter', notes: '' });
    expect(alices?.prices).toHaveLength(3);
  });

  it('changes the status and notes, rejects bad input with a French 400 and changes nothing', async () => {
    expect((await alice.fetch(`/api/listings/saved/${id}`, json({ status: 'offre_faite', notes: 'Visite samedi' }, 'PATCH'))).status).toBe(
      204,
    );
    const bad = await alice.fetch(`/api/listings/saved/${id}`, json({ status: 'vendu' }, 'PATCH'));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { issues: { message: string }[] }).issues[0]?.message).toMatch(/Statut/);
    const badSave = await alice.fetch('/api/listings/saved', json({ ...SELOGER, price: -3 }));
    expect(badSave.status).toBe(400);
    const mine = await list(alice);
    expect(mine).toHaveLength(2);
    expect(mine.find((l) => l.id === id)).toMatchObject({ status: 'offre_faite', notes: 'Visite samedi' });
    expect((await alice.fetch(`/api/listings/saved/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await list(alice)).toHaveLength(1);
  });
});

/** A listing pasted as text from an agency's site: no portal id, no URL, placed only by its address. */
const PASTED = {
  portal: 'autre',
  transaction: 'vente',
  propertyType: 'appartement',
  title: 'Appartement 3 pièces 62 m² – Bondy',
  surface: 62,
  rooms: 3,
  postcode: '93140',
  city: 'Bondy',
};
const CARNOT = { lat: 48.9023, lon: 2.4828 };

describe('Mes annonces, a pasted listing saved again without its address', () => {
  const save = async (server: RouterServer, body: unknown) => {
    const res = await server.fetch('/api/listings/saved', json(body));
    return { status: res.status, body: (await res.json()) as { id: string; merged: boolean; pricePoint: string } };
  };
  const dayBefore = (id: string) => db.query(`UPDATE listing_prices SET seen_at = seen_at - interval '1 day' WHERE listing_id = $1`, [id]);
  const pasted = async (server: RouterServer) => (await list(server)).filter((l) => l.title === PASTED.title);

  it('joins the listing saved with its address (one card, the day’s price added), each user keeping their own', async () => {
    const first = await save(alice, { ...PASTED, ...CARNOT, price: 229000 });
    expect(first).toMatchObject({ status: 201, body: { merged: false } });
    const id = first.body.id;
    await dayBefore(id);
    expect((await save(alice, { ...PASTED, ...CARNOT, price: 219000 })).body).toEqual({ id, merged: true, pricePoint: 'added' });
    await dayBefore(id);
    expect((await save(alice, { ...PASTED, price: 209000 })).body).toEqual({ id, merged: true, pricePoint: 'added' });
    const [card, ...others] = await pasted(alice);
    expect(others).toEqual([]);
    expect(card).toMatchObject({ id, price: 209000, priceDrop: true, lat: CARNOT.lat, lon: CARNOT.lon });
    expect(card?.prices.map((p) => p.price)).toEqual([229000, 219000, 209000]);

    // Bob pasting the same ad gets his own listing; Alice's is neither matched nor changed.
    const bobs = await save(bob, { ...PASTED, price: 199000 });
    expect(bobs).toMatchObject({ status: 201, body: { merged: false } });
    expect(bobs.body.id).not.toBe(id);
    expect((await save(bob, { ...PASTED, price: 195000 })).body).toMatchObject({ id: bobs.body.id, merged: true });
    expect((await pasted(bob)).map((l) => l.id)).toEqual([bobs.body.id]);
    const [alices] = await pasted(alice);
    expect(alices?.prices.map((p) => p.price)).toEqual([229000, 219000, 209000]);
  });

  it('keeps apart another flat of the same size in the same town (another title or rooms)', async () => {
    const other = await save(alice, { ...PASTED, title: 'Appartement 62 m² proche gare', price: 205000 });
    expect(other).toMatchObject({ status: 201, body: { merged: false } });
    const rooms = await save(alice, { ...PASTED, rooms: 2, price: 205000 });
    expect(rooms).toMatchObject({ status: 201, body: { merged: false } });
    await Promise.all([other, rooms].map((r) => alice.fetch(`/api/listings/saved/${r.body.id}`, { method: 'DELETE' })));
  });
});

describe('Mes annonces, the address a pasted listing was placed at', () => {
  const HOUSE = { ...PASTED, propertyType: 'maison', title: 'Maison 5 pièces 110 m² – Bondy', surface: 110, rooms: 5, price: 389000 };
  const street = async (server: RouterServer, id: string) => {
    const res = await server.fetch(`/api/listings/saved/${id}`);
    return {
      status: res.status,
      streetAddress: res.status === 200 ? ((await res.json()) as { streetAddress: unknown }).streetAddress : undefined,
    };
  };

  it('keeps the street picked, returns it, and keeps it when the listing is saved again without it', async () => {
    const res = await alice.fetch('/api/listings/saved', json({ ...HOUSE, ...CARNOT, streetAddress: ' 139 Avenue Carnot ' }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(await street(alice, id)).toEqual({ status: 200, streetAddress: '139 Avenue Carnot' });
    expect((await list(alice)).find((l) => l.id === id)).toMatchObject({ streetAddress: '139 Avenue Carnot', postcode: '93140' });
    const again = await alice.fetch('/api/listings/saved', json({ ...HOUSE, price: 379000 }));
    expect(await again.json()).toMatchObject({ id, merged: true });
    expect(await street(alice, id)).toEqual({ status: 200, streetAddress: '139 Avenue Carnot' });
    // A listing never placed by an address has none.
    const [seloger] = await db.query<{ street_address: string | null }>(
      `SELECT street_address FROM listings l JOIN listing_sources s ON s.listing_id = l.id WHERE s.portal_id = $1 LIMIT 1`,
      [SELOGER.portalId],
    );
    expect(seloger).toEqual({ street_address: null });
  });

  it('rejects an address too long with a French 400', async () => {
    const res = await alice.fetch('/api/listings/saved', json({ ...HOUSE, streetAddress: 'x'.repeat(301) }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { issues: { message: string }[] }).issues[0]?.message).toBe(
      'Adresse du bien\u00a0: 300 caractères au plus.',
    );
  });

  it('shows one user’s address to no one else, and no one else changes it', async () => {
    const [alices] = (await list(alice)).filter((l) => l.title === HOUSE.title);
    const id = alices?.id ?? '';
    expect(await street(bob, id)).toEqual({ status: 404, streetAddress: undefined });
    expect(JSON.stringify(await list(bob))).not.toContain('Avenue Carnot');
    expect((await bob.fetch(`/api/listings/saved/${id}`, json({ notes: '1 Rue Jules Guesde' }, 'PATCH'))).status).toBe(404);
    // Bob pasting the same ad and placing it elsewhere gets his own copy, with his own address.
    const bobs = await bob.fetch('/api/listings/saved', json({ ...HOUSE, ...CARNOT, streetAddress: '1 Rue Jules Guesde' }));
    expect(bobs.status).toBe(201);
    const bobsId = ((await bobs.json()) as { id: string }).id;
    expect(bobsId).not.toBe(id);
    expect(await street(bob, bobsId)).toEqual({ status: 200, streetAddress: '1 Rue Jules Guesde' });
    expect(await street(alice, id)).toEqual({ status: 200, streetAddress: '139 Avenue Carnot' });
    expect(await street(alice, bobsId)).toEqual({ status: 404, streetAddress: undefined });
  });
});

describe('POST /api/listings/analysis', () => {
  it('compares the €/m² with the Hendaye DVF medians, with the sales behind them, and estimates the value', async () => {
    const res = await alice.fetch('/api/listings/analysis', json(SELOGER));
    expect(res.status).toBe(200);
    const a = (await res.json()) as {
      commune: { insee: string };
      pricePerM2: number;
      market: { label: string; count: number; median: number | null }[];
      estimate: { value: number } | null;
      gap: { amount: number } | null;
      period: { to: string };
      rentalBan: { kind: string; date: string | null };
    };
    expect(a.commune.insee).toBe('64260');
    expect(a.pricePerM2).toBe(5000);
    // The period ends at the newest sale of the sample, not today.
    expect(a.period.to).toBe('2023-12-27');
    expect(a.market[0]?.label).toBe('Hendaye');
    expect(a.market[0]?.count).toBeGreaterThan(100);
    expect(a.market[1]?.label).toBe('500 m autour');
    expect(a.estimate?.value).toBeGreaterThan(0);
    expect(a.gap?.amount).toBe(310000 - (a.estimate?.value ?? 0));
    expect(a.rentalBan).toEqual({ kind: 'none', date: null });
    const g = (await (await alice.fetch('/api/listings/analysis', json({ ...SELOGER, dpeClass: 'G' }))).json()) as typeof a;
    expect(g.rentalBan).toEqual({ kind: 'banned', date: '2025-01-01' });
    // No class read: unknown, never « no ban ».
    const none = (await (await alice.fetch('/api/listings/analysis', json({ ...SELOGER, dpeClass: undefined }))).json()) as typeof a;
    expect(none.rentalBan).toEqual({ kind: 'unknown', date: null });
  });

  it('computes the margin net of the agency fees when the price includes them: lower by the fees', async () => {
    type G = { gap: { amount: number; negotiation: number; netPrice?: number; fees?: number | null } | null; estimate: { value: number } };
    const analyse = async (body: unknown) => {
      const res = await alice.fetch('/api/listings/analysis', json(body));
      expect(res.status).toBe(200);
      return (await res.json()) as G;
    };
    const asked = await analyse(SELOGER);
    const net = await analyse({ ...SELOGER, fees: { basis: 'honoraires-inclus', ratePct: 5 } });
    // 310 000 € at 5 % of the net seller price: 295 238 € net, 14 762 € of fees.
    expect(net.gap).toMatchObject({ netPrice: 295_238, fees: 14_762 });
    expect(net.gap?.amount).toBe((asked.gap?.amount ?? 0) - 14_762);
    // Asked 82 788 € above the estimate: the margin drops by the fees, to 68 026 €.
    expect(net.gap?.negotiation).toBe((asked.gap?.negotiation ?? 0) - 14_762);
    // Net seller, or no rate: compared as asked.
    expect((await analyse({ ...SELOGER, fees: { basis: 'net-vendeur', ratePct: null } })).gap?.amount).toBe(asked.gap?.amount);
    expect((await analyse({ ...SELOGER, fees: { basis: 'honoraires-inclus' } })).gap).toMatchObject({
      amount: asked.gap?.amount,
      fees: null,
    });
    const bad = await alice.fetch('/api/listings/analysis', json({ ...SELOGER, fees: { basis: 'honoraires-inclus', ratePct: 35 } }));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Taux d’honoraires\u00a0: 20\u00a0% au plus.');
  });

  it('never compares a pasted rental with DVF sales, and asks sale or rent when the listing does not say', async () => {
    type A = {
      transaction: string;
      pricePerM2: number | null;
      market: unknown[];
      position: unknown;
      estimate: unknown;
      gap: unknown;
      notes: string[];
    };
    const analyse = async (body: unknown) => (await (await alice.fetch('/api/listings/analysis', json(body))).json()) as A;
    // The issue's case: 880 € a month for 36 m², read from a pasted text with its rent wording.
    const parsed = await alice.fetch(
      '/api/listings/parse',
      json({ text: 'Appartement 2 pièces 36 m²\n880 € /mois charges comprises\nHendaye (64700)' }),
    );
    const rental = (await parsed.json()) as Record<string, unknown>;
    expect(rental.transaction).toBe('location');
    const { sources: _sources, ...fields } = rental;
    const rent = await analyse({ ...fields, lat: 43.3588, lon: -1.7725 });
    expect(rent).toMatchObject({ transaction: 'location', pricePerM2: 24.44, market: [], position: null, estimate: null, gap: null });
    expect(rent.notes).toContain(RENT_NOTE);
    // Not stated: no comparison, no price per m² of a sale, the question asked.
    const unknown = await analyse({ ...SELOGER, transaction: undefined });
    expect(unknown).toMatchObject({ transaction: 'inconnue', pricePerM2: null, market: [], position: null, estimate: null, gap: null });
    expect(unknown.notes[0]).toBe(TRANSACTION_QUESTION);
    // Said a sale: compared as before.
    expect((await analyse(SELOGER)).market.length).toBe(2);
  });

  it('says who imports the missing DVF of the département, for the reader’s role', async () => {
    // Bondy (93): no DVF in the test database. A subscriber cannot open the administration.
    const bondy = { ...SELOGER, portalId: '1', postcode: '93140', city: 'Bondy', lat: undefined, lon: undefined };
    const noteOf = async (server: RouterServer) => {
      const res = await server.fetch('/api/listings/analysis', json(bondy));
      expect(res.status).toBe(200);
      return ((await res.json()) as { notes: string[] }).notes.find((n) => n.startsWith('Aucune vente DVF importée'));
    };
    expect(await noteOf(alice)).toBe(
      'Aucune vente DVF importée pour Bondy. L’équipe Immoloupe importe les DVF du département 93 à la demande\u00a0: demandez l’import par la page Contact.',
    );
    const admin = await serveRouter(listingRoutes({ db }), ADMIN);
    try {
      expect(await noteOf(admin)).toBe(
        'Aucune vente DVF importée pour Bondy. Un administrateur importe les DVF du département 93 depuis Administration › Imports de données.',
      );
    } finally {
      await admin.close();
    }
  });

  it('compares a Paris listing with the sales of its arrondissement, where DVF files them', async () => {
    // DVF records Paris sales under the arrondissement (75118), never under Paris (75056).
    const dir = mkdtempSync(path.join(tmpdir(), 'paris-18-'));
    try {
      const sale = (i: number): FixtureSale => ({
        id: `P18-${i}`,
        date: `2023-0${i}-10`,
        type: 'appartement',
        surface: 40,
        price: 400_000 + i * 4_000,
        street: 'RUE ORDENER',
        lon: 2.35,
        lat: 48.892,
        parcel: `75118000AB0${100 + i}`,
        commune: { code: '75118', nom: 'Paris 18e Arrondissement' },
      });
      const file = writeSalesFile(dir, 'paris-18.csv', [1, 2, 3, 4, 5].map(sale));
      expect((await runImport(db, { path: file, startedBy: 'test' })).status).toBe('succeeded');
      const paris = { ...SELOGER, portalId: '2', postcode: '75018', city: 'Paris', lat: undefined, lon: undefined };
      const a = (await (await alice.fetch('/api/listings/analysis', json(paris))).json()) as {
        commune: { insee: string; name: string };
        market: { label: string; count: number; median: number | null }[];
        notes: string[];
      };
      expect(a.commune).toEqual({ insee: '75118', name: 'Paris 18e Arrondissement' });
      expect(a.market[0]).toMatchObject({ label: 'Paris 18e Arrondissement', count: 5, median: 10_300 });
      expect(a.notes.filter((n) => n.startsWith('Aucune vente DVF'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
