/**
 * The extension's API through HTTP: a listing analysed with an access key against the sample DVF
 * of Hendaye, CORS opened to the extension's origin on its paths only, a revoked key refused in
 * French (and readable by the extension), bad input refused, the package download.
 */
import { CHROMIUM_EXTENSION_ID } from '@immoloupe/shared/extension/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../auth/testing/browser.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { dpeAddressSql } from '../dpe/address-sql.js';
import { createKey, revokeKey } from '../keys/access-keys.js';
import { SAMPLE } from '../market/test-support.js';

const ORIGIN = `chrome-extension://${CHROMIUM_EXTENSION_ID}`;
let app: TestApp;
let n = 0;

beforeAll(async () => {
  app = await startTestApp({ samples: [SAMPLE.hendayeDvf, 'dpe/dpe-v2-logements-neufs_extrait_cp69008_lyon8.csv'] });
});
afterAll(async () => app?.close());

async function keyOf(subscription: 'active' | 'canceled' = 'active') {
  const id = await createAccount(app.db, `extension-${++n}@exemple.fr`, 'Maison-bleue-2026', { subscription });
  const { secret, key } = await createKey(app.db, id, 'Extension');
  return { id, secret, keyId: key.id };
}

const analyse = (secret: string, body: unknown, origin = ORIGIN) =>
  app.fetch('/api/extension/analysis', {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', origin },
    body: JSON.stringify(body),
  });

const HENDAYE_FLAT = {
  portal: 'seloger',
  propertyType: 'appartement',
  price: 300_000,
  surface: 60,
  postcode: '64700',
  city: 'Hendaye',
  sources: { propertyType: 'dom', price: 'dom', surface: 'dom', postcode: 'dom', city: 'dom' },
};

describe('extension API', () => {
  it('gives the commune and the €/m² of its sales over two years ending at the newest sale, as the market API does', async () => {
    const { secret } = await keyOf();
    const res = await analyse(secret, { listing: HENDAYE_FLAT });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const body = await res.json();
    expect(body.commune).toEqual({ insee: '64260', nom: 'Hendaye' });
    expect(body.types).toEqual(['appartement']);
    const [row] = await app.db.query<{ last: string }>(
      `SELECT max(date_mutation)::text AS last FROM dvf_sales WHERE code_commune = '64260'`,
    );
    expect(body.period.to).toBe(row?.last);
    expect(body.market.count).toBeGreaterThan(2);

    const stats = await app.fetch(`/api/market/stats?insee=64260&types=appartement&from=${body.period.from}&to=${body.period.to}`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    const expected = await stats.json();
    expect(body.market).toEqual({ count: expected.count, median: expected.median, q1: expected.q1, q3: expected.q3 });
  });

  it('says when the commune is unknown or has no sale loaded', async () => {
    const { secret } = await keyOf();
    const paris = await (await analyse(secret, { listing: { ...HENDAYE_FLAT, postcode: '75018', city: 'Paris 18e' } })).json();
    expect(paris).toMatchObject({ commune: { insee: '75118' }, period: null, market: null });
    const nowhere = await (await analyse(secret, { listing: { ...HENDAYE_FLAT, postcode: undefined, city: 'Nulle-part-sur-Mer' } })).json();
    expect(nowhere).toMatchObject({ commune: null, market: null, types: ['appartement'] });
  });

  it('refuses bad input with a French 400', async () => {
    const { secret } = await keyOf();
    const res = await analyse(secret, { listing: { ...HENDAYE_FLAT, price: -3 } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe('Requête invalide.');
    expect(body.issues[0].path).toBe('listing.price');
  });

  it('refuses a revoked key in French, readable by the extension, and a lapsed subscription', async () => {
    const { secret, id, keyId } = await keyOf();
    await revokeKey(app.db, id, keyId);
    const res = await analyse(secret, { listing: HENDAYE_FLAT });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect((await res.json()).message).toBe('Clé d’accès invalide ou révoquée.');

    const lapsed = await keyOf('canceled');
    const refused = await analyse(lapsed.secret, { listing: HENDAYE_FLAT });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('Un abonnement actif est nécessaire.');
  });

  it('answers the preflight of the extension origin, and of no other origin or path', async () => {
    const preflight = (path: string, origin: string) =>
      app.fetch(path, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    const ok = await preflight('/api/extension/analysis', ORIGIN);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
    const firefox = await preflight('/api/extension/analysis', 'moz-extension://0f0e3a2c-7a4e-4b8e-9a54-6a3f2f1f9a10');
    expect(firefox.headers.get('access-control-allow-origin')).toBe('moz-extension://0f0e3a2c-7a4e-4b8e-9a54-6a3f2f1f9a10');
    for (const [path, origin] of [
      ['/api/extension/analysis', 'https://www.seloger.com'],
      ['/api/extension/analysis', 'chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
      ['/api/keys', ORIGIN],
      ['/api/market/stats', ORIGIN],
    ] as const) {
      expect((await preflight(path, origin)).headers.get('access-control-allow-origin'), `${origin} ${path}`).toBeNull();
    }
  });

  it('tells the settings page whose key it is', async () => {
    const { secret } = await keyOf();
    const res = await app.fetch('/api/extension/whoami', { headers: { authorization: `Bearer ${secret}`, origin: ORIGIN } });
    expect(await res.json()).toEqual({ email: `extension-${n}@exemple.fr` });
    expect((await app.fetch('/api/extension/whoami')).status).toBe(401);
  });

  it('refuses to download a package for an unknown browser', async () => {
    const res = await app.fetch('/api/extension/download/safari');
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('Navigateur inconnu\u00a0: choisissez chrome ou firefox.');
  });
});

describe('extension API: localisation and Mes annonces', () => {
  it('gives the DPE localisation candidates of a listing, best first', async () => {
    const { secret } = await keyOf();
    const [dpe] = await app.db.query<{ surface: number; dpe: string; ges: string; conso: number; adresse: string }>(
      // Its address as every page writes it (the number typed when the BAN matched its street only).
      `SELECT surface_habitable_logement::float8 AS surface, etiquette_dpe AS dpe, etiquette_ges AS ges,
              conso_5_usages_ep_m2::float8 AS conso, ${dpeAddressSql('d')} AS adresse
         FROM dpe d WHERE code_postal_ban = '69008' AND adresse_ban IS NOT NULL AND surface_habitable_logement > 0
        ORDER BY numero_dpe LIMIT 1`,
    );
    if (!dpe) throw new Error('sample without a usable 69008 DPE');
    const listing = {
      portal: 'seloger',
      transaction: 'location',
      propertyType: 'appartement',
      price: 1345,
      surface: Math.round(dpe.surface),
      dpeClass: dpe.dpe,
      gesClass: dpe.ges,
      dpeValue: Math.round(dpe.conso),
      postcode: '69008',
      city: 'Lyon 8ème',
      sources: {},
    };
    const body = await (await analyse(secret, { listing })).json();
    expect(body.commune).toEqual({ insee: '69388', nom: 'Lyon 8e Arrondissement' });
    expect(body.localisation.candidates.length).toBeGreaterThan(0);
    expect(body.localisation.candidates[0]).toMatchObject({ label: dpe.adresse, score: expect.any(Number) });
    // Nothing to localise with: no candidates asked for.
    const bare = await (await analyse(secret, { listing: { portal: 'pap', postcode: '69008', sources: {} } })).json();
    expect(bare.localisation).toBeNull();
  });

  it('saves in the key owner’s Mes annonces only; a re-capture the same day replaces that day’s price, a later one adds a point; bad input changes nothing', async () => {
    const a = await keyOf();
    const b = await keyOf();
    const save = (secret: string, listing: unknown) =>
      app.fetch('/api/extension/listings', {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ listing }),
      });
    const saved = (secret: string) =>
      app.fetch('/api/listings/saved', { headers: { authorization: `Bearer ${secret}` } }).then((r) => r.json());
    const listing = { ...HENDAYE_FLAT, portalId: 'ext-1', url: 'https://www.seloger.com/annonces/achat/appartement/hendaye-64/1.htm' };

    const first = await save(a.secret, listing);
    expect(first.status).toBe(201);
    expect(first.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const sameDay = (await (await save(a.secret, { ...listing, price: 295_000 })).json()) as { id: string };
    expect(sameDay).toMatchObject({ merged: true, pricePoint: 'replaced' });
    const { id } = sameDay;
    await app.db.query(`UPDATE listing_prices SET seen_at = seen_at - interval '1 day' WHERE listing_id = $1`, [id]);
    const again = await save(a.secret, { ...listing, price: 290_000 });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ merged: true, pricePoint: 'added' });
    const mine = (await saved(a.secret)).listings;
    expect(mine).toHaveLength(1);
    expect(mine[0].prices.map((p: { price: number }) => p.price)).toEqual([295_000, 290_000]);

    expect((await saved(b.secret)).listings).toEqual([]);
    expect((await save(b.secret, listing)).status).toBe(201);
    expect((await saved(a.secret)).listings).toHaveLength(1);

    const bad = await save(a.secret, { ...listing, price: 'cher' });
    expect(bad.status).toBe(400);
    expect((await saved(a.secret)).listings[0].prices).toHaveLength(2);
  });
});
