/**
 * `GET /api/listings/saved.csv`, the CSV export of « Mes annonces », over HTTP with two
 * subscribers: each one's file holds their own listings only, written for a French Excel (BOM,
 * `;`, decimal commas, dates of the Paris day); a lapsed or signed-out user is refused as on the
 * other « Mes annonces » routes.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { csvRows, formulaCells, HYPERLINK, SUM } from '../../test/csv-formulas.js';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { LAPSED, type RouterServer } from '../market/test-support.js';
import { listingRoutes } from './routes.js';

let db: Db;
let alice: RouterServer;
let bob: RouterServer;
let lapsed: RouterServer;
let signedOut: RouterServer;

const json = (body: unknown, method = 'POST') => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const HENDAYE = {
  portal: 'seloger',
  portalId: '249918711',
  url: 'https://www.seloger.com/annonces/249918711.htm',
  transaction: 'vente',
  propertyType: 'appartement',
  title: 'Appartement 3 pièces 61,5 m² – vue mer',
  price: 310000,
  surface: 61.5,
  rooms: 3,
  bedrooms: 2,
  floor: 2,
  dpeClass: 'D',
  dpeValue: 182,
  gesClass: 'B',
  gesValue: 5.4,
  postcode: '64700',
  city: 'Hendaye',
  district: 'Plage',
  streetAddress: '12 Rue des Pêcheurs',
  seller: 'particulier',
  publishedAt: '2026-01-12',
  lat: 43.358812,
  lon: -1.772534,
};
/** The same flat on leboncoin a few weeks later, cheaper, without a link. */
const HENDAYE_LBC = {
  portal: 'leboncoin',
  portalId: '3064027597',
  transaction: 'vente',
  propertyType: 'appartement',
  price: 295000,
  surface: 61.5,
  postcode: '64700',
  city: 'Hendaye',
  lat: 43.358905,
  lon: -1.772617,
};
const LYON_RENT = {
  portal: 'bienici',
  portalId: 'ag690123-4567',
  url: 'https://www.bienici.com/annonce/location/lyon-8e/appartement/3pieces/ag690123-4567',
  transaction: 'location',
  propertyType: 'appartement',
  title: 'Location appartement 3 pièces 70 m²',
  price: 1345,
  surface: 70,
  postcode: '69008',
  city: 'Lyon 8ème',
};

const HEADER =
  'Portails;URL de l’annonce;Titre;Statut;Transaction;Type de bien;Surface (m²);Pièces;Chambres;Prix ou loyer mensuel (€);' +
  'Prix ou loyer mensuel au m² (€/m²);Prix précédent (€);Prix changé le;Baisse de prix;Adresse;Quartier;Code postal;Commune;' +
  'Longitude;Latitude;Classe énergie;Consommation (kWhEP/m²/an);Classe GES;Émissions (kgCO2/m²/an);Surface de terrain (m²);Étage;' +
  'Annonceur;Publiée le;Enregistrée le;Notes';

async function save(server: RouterServer, body: unknown): Promise<string> {
  const res = await server.fetch('/api/listings/saved', json(body));
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return ((await res.json()) as { id: string }).id;
}

async function csvOf(server: RouterServer): Promise<{ res: Response; bytes: Uint8Array; lines: string[] }> {
  const res = await server.fetch('/api/listings/saved.csv');
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, lines: new TextDecoder().decode(bytes).split('\r\n') };
}

setUpTwoSubscribers(
  (db) => listingRoutes({ db }),
  { users: [LAPSED] },
  async (set) => {
    ({ db, api: alice, other: bob } = set);
    [lapsed, signedOut] = await Promise.all([set.serve(LAPSED), set.serve(undefined)]);

    const id = await save(alice, HENDAYE);
    // Saved just after midnight in Paris, 23:30 UTC the day before: the file says the Paris day.
    await db.query(`UPDATE listings SET first_seen_at = '2026-01-14T23:30:00Z' WHERE id = $1`, [id]);
    await db.query(`UPDATE listing_prices SET seen_at = '2026-01-14T23:30:00Z' WHERE listing_id = $1`, [id]);
    expect(await save(alice, HENDAYE_LBC)).toBe(id);
    await db.query(`UPDATE listing_prices SET seen_at = '2026-02-02T10:00:00Z' WHERE listing_id = $1 AND portal = 'leboncoin'`, [id]);
    const patched = await alice.fetch(
      `/api/listings/saved/${id}`,
      json({ status: 'visite', notes: 'Visite samedi\u00a0; rappeler le vendeur' }, 'PATCH'),
    );
    expect(patched.status).toBe(204);

    // Bob saves the same SeLoger ad (his own copy, with notes of his own) and a rent.
    const bobsCopy = await save(bob, HENDAYE);
    await bob.fetch(`/api/listings/saved/${bobsCopy}`, json({ notes: 'Mandat de Bob' }, 'PATCH'));
    await save(bob, LYON_RENT);
  },
);

describe('GET /api/listings/saved.csv', () => {
  it('exports the subscriber’s listings as a French Excel CSV, one line each', async () => {
    const { res, bytes, lines } = await csvOf(alice);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="mes-annonces-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // TextDecoder drops the BOM checked above.
    expect(lines[0]).toBe(HEADER);
    expect(lines[1]).toBe(
      'SeLoger, leboncoin;https://www.seloger.com/annonces/249918711.htm;Appartement 3 pièces 61,5 m² – vue mer;Visité;Vente;Appartement;' +
        '61,5;3;2;295000;4796,75;310000;02/02/2026;oui;12 Rue des Pêcheurs;Plage;64700;Hendaye;-1,772617;43,358905;D;182;B;5,4;;2;' +
        'Particulier;12/01/2026;15/01/2026;"Visite samedi\u00a0; rappeler le vendeur"',
    );
    expect(lines.slice(2)).toEqual(['']);
  });

  it('never puts another user’s listings in the file', async () => {
    const { res, lines } = await csvOf(bob);
    expect(res.status).toBe(200);
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(2);
    const text = rows.join('\n');
    expect(text).not.toContain('Visite samedi');
    expect(text).not.toContain('leboncoin');
    expect(text).toContain('Mandat de Bob');
    // A rent: its monthly amount and per m², and the town written as French typography does.
    expect(rows.find((r) => r.includes('Location'))).toContain(';Location;Appartement;70;;;1345;19,21;;;;;;69008;Lyon 8e;');
    // Alice's file is unchanged by Bob's listings.
    expect((await csvOf(alice)).lines).toHaveLength(3);
  });

  it('writes a portal’s title or a note that looks like a formula as text', async () => {
    const id = await save(bob, {
      ...LYON_RENT,
      portalId: 'ag690123-formule',
      url: undefined,
      title: HYPERLINK,
      city: SUM,
      price: 777,
      surface: 33,
    });
    await bob.fetch(`/api/listings/saved/${id}`, json({ notes: SUM }, 'PATCH'));
    const text = new TextDecoder().decode(new Uint8Array(await (await bob.fetch('/api/listings/saved.csv')).arrayBuffer()));
    expect(formulaCells(text)).toEqual([]);
    const line = csvRows(text).find((cells) => cells.includes(`'${HYPERLINK}`));
    expect(line?.filter((c) => c === `'${SUM}`)).toHaveLength(2);
    // Hendaye's longitude, west of Greenwich, is still the number -1,772534.
    expect(csvRows(text).flat()).toContain('-1,772534');
  });

  it('refuses a lapsed or signed-out user as the other « Mes annonces » routes do', async () => {
    for (const server of [lapsed, signedOut]) {
      const [csv, list] = await Promise.all([server.fetch('/api/listings/saved.csv'), server.fetch('/api/listings/saved')]);
      expect(csv.status).toBe(list.status);
      expect(await csv.json()).toEqual(await list.json());
    }
    expect((await lapsed.fetch('/api/listings/saved.csv')).status).toBe(403);
    expect((await signedOut.fetch('/api/listings/saved.csv')).status).toBe(401);
  });
});
