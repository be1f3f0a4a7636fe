/**
 * Listing feeds (`annonces` source): the five dataset samples are detected and imported into the
 * shared pool; a re-import changes nothing; a new capture at another price adds one price point; the
 * same property on two portals becomes one listing with two sources; bad rows are reported with
 * their line; a truncated or wrong file changes nothing and says why in French; users' own
 * « Mes annonces » rows are untouched.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { saveSighting } from '../features/listings/store.js';
import { ensureUsers, SUBSCRIBER } from '../features/market/test-support.js';
import { createTestDb } from '../test/db.js';
import { detectFileSource, runImport } from './run.js';
import { LISTING_FEEDS } from './test-samples.js';
import { BIENICI_HEADER, bieniciRow } from './testing/listing-feed-fixture.js';

let db: Db;
const dir = mkdtempSync(path.join(tmpdir(), 'immoloupe-feeds-'));

function write(name: string, content: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
}

async function snapshot(): Promise<{ listings: number; sources: number; prices: number; hash: string }> {
  const [r] = await db.query<{ listings: number; sources: number; prices: number; hash: string }>(
    `SELECT (SELECT count(*)::int FROM listings WHERE user_id IS NULL) AS listings,
            (SELECT count(*)::int FROM listing_sources s JOIN listings l ON l.id = s.listing_id WHERE l.user_id IS NULL) AS sources,
            (SELECT count(*)::int FROM listing_prices p JOIN listings l ON l.id = p.listing_id WHERE l.user_id IS NULL) AS prices,
            (SELECT md5(string_agg(concat_ws('|', id, price, surface, postcode, insee, property_type, dpe_class, lat, lon), ',' ORDER BY id))
               FROM listings WHERE user_id IS NULL) AS hash`,
  );
  return r as { listings: number; sources: number; prices: number; hash: string };
}

async function importFile(file: string) {
  return runImport(db, { path: file, startedBy: 'test' });
}

beforeAll(async () => {
  db = await createTestDb();
  await ensureUsers(db, [SUBSCRIBER]);
});

afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('listing feeds import', () => {
  it('recognises every feed sample from its header', async () => {
    for (const file of Object.values(LISTING_FEEDS)) expect(await detectFileSource(file, path.basename(file))).toBe('annonces');
  });

  // Five samples (1 500 rows) through the portal parsers: tens of seconds on a loaded 2-core machine.
  it('imports the five samples into the pool, each row with its line when refused', async () => {
    const mine = await db.transaction((tx) =>
      saveSighting(tx, SUBSCRIBER.id, {
        portal: 'pap',
        portalId: 'r1',
        price: 200000,
        postcode: '83000',
        propertyType: 'appartement',
        surface: 50,
      }),
    );
    const bienici = await importFile(LISTING_FEEDS.bienici);
    // Programmes and some houses give a price range (« [443000, 1265000] »): no price, never guessed.
    expect(bienici).toMatchObject({ status: 'succeeded', source: 'annonces', rowsRead: 500, rowsKept: 490, rowsRejected: 10 });
    expect(new Set(bienici.rejects.map((r) => r.reason))).toEqual(new Set(['prix absent']));
    expect(bienici.rejects[0]?.line).toBe(431);

    const pap = await importFile(LISTING_FEEDS.pap);
    expect(pap.status).toBe('succeeded');
    // Seven PAP rows have no postcode: they can be neither placed nor compared.
    expect(pap).toMatchObject({ rowsKept: 7, rowsRejected: 7 });
    expect(pap.rejects).toContainEqual({ line: expect.any(Number), reason: 'code postal absent' });
    const seloger = await importFile(LISTING_FEEDS.seloger);
    // SeLoger cards: two empty rows, 21 cards without a postcode; repeated cards (the scrape crossed
    // pages) become one listing each, found again by their fingerprint since the cards carry no id.
    expect(seloger).toMatchObject({ status: 'succeeded', rowsKept: 989, rowsRejected: 23 });
    expect(seloger.rejects).toContainEqual({ line: 3, reason: 'ligne vide' });
    expect(seloger.summary).toMatchObject({ nouvelles: 789 });
    const neuf = await importFile(LISTING_FEEDS.selogerNeuf);
    expect(neuf.status).toBe('succeeded');
    const lbc = await importFile(LISTING_FEEDS.leboncoin);
    expect(lbc).toMatchObject({ status: 'succeeded', rowsRejected: 0 });

    const [byPortal] = await db.query<{ portals: Record<string, number> }>(
      `SELECT json_object_agg(portal, n) AS portals FROM (
         SELECT s.portal, count(DISTINCT s.listing_id)::int AS n FROM listing_sources s JOIN listings l ON l.id = s.listing_id
          WHERE l.user_id IS NULL GROUP BY s.portal) t`,
    );
    expect(byPortal?.portals.bienici).toBe(490);
    expect(byPortal?.portals.pap).toBe(7);
    expect(byPortal?.portals.leboncoin).toBe(lbc.rowsKept);
    expect(byPortal?.portals.seloger).toBe(789);
    expect(byPortal?.portals['seloger-neuf']).toBe(neuf.summary.nouvelles);
    // A Toulon listing is placed in its commune (INSEE 83137) for the zone filters and DVF medians.
    const [toulon] = await db.query<{ insee: string }>(`SELECT insee FROM listings WHERE user_id IS NULL AND postcode = '83000' LIMIT 1`);
    expect(toulon?.insee).toBe('83137');
    // The subscriber's own listing stays theirs, and no pool listing joined it.
    const [own] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings WHERE user_id = $1', [SUBSCRIBER.id]);
    expect(own?.n).toBe(1);
    expect(mine.merged).toBe(false);
  }, 180_000);

  it('changes nothing when a feed is imported again', async () => {
    const before = await snapshot();
    for (const file of [LISTING_FEEDS.bienici, LISTING_FEEDS.seloger, LISTING_FEEDS.leboncoin]) {
      const again = await importFile(file);
      expect(again.status).toBe('succeeded');
      expect(again.summary.nouvelles).toBe(0);
      expect(again.summary.points_de_prix).toBe(0);
    }
    expect(await snapshot()).toEqual(before);
  }, 180_000);

  it('adds one price point for a new capture at another price, and joins the same flat on another portal', async () => {
    const first = write('bienici-1.csv', `${BIENICI_HEADER}\n${bieniciRow('test-1', 250000, 64, 43.1245, 5.9301)}\n`);
    expect((await importFile(first)).summary).toMatchObject({ nouvelles: 1, points_de_prix: 1 });
    const before = await snapshot();
    const lower = write('bienici-2.csv', `${BIENICI_HEADER}\n${bieniciRow('test-1', 239000, 64, 43.1245, 5.9301)}\n`);
    expect((await importFile(lower)).summary).toMatchObject({ nouvelles: 0, deja_connues: 1, points_de_prix: 1 });
    const after = await snapshot();
    expect(after.listings).toBe(before.listings);
    expect(after.prices).toBe(before.prices + 1);
    const [prices] = await db.query<{ p: number[] }>(
      `SELECT array_agg(p.price::float8 ORDER BY p.seen_at) AS p FROM listing_prices p
         JOIN listing_sources s ON s.listing_id = p.listing_id WHERE s.portal = 'bienici' AND s.portal_id = 'test-1'`,
    );
    expect(prices?.p).toEqual([250000, 239000]);

    // The same flat on PAP: same postcode and type, 63 m² (within 3 %), 100 m away → one listing, two sources.
    const papHeader =
      'source,type_local,titre,valeur_fonciere,surface_reelle_bati,nombre_pieces_principales,nom_commune,code_postal,code_departement,longitude,latitude,description,url,date_mutation';
    const papRow =
      'pap,Appartement,Appartement – 3 pièces – 63 m² – Toulon (83000),235000.0,63.0,3.0,Toulon,83000,83,5.9310,43.1250,Test,https://www.pap.fr/annonces/appartement-toulon-83000-r999999901,2026-03-21T10:00:00';
    const merged = await importFile(write('pap-same.csv', `${papHeader}\n${papRow}\n`));
    expect(merged.summary).toMatchObject({ nouvelles: 0, deja_connues: 1 });
    const [sources] = await db.query<{ portals: string[] }>(
      `SELECT array_agg(s2.portal ORDER BY s2.first_seen_at, s2.portal) AS portals FROM listing_sources s
         JOIN listing_sources s2 ON s2.listing_id = s.listing_id WHERE s.portal = 'bienici' AND s.portal_id = 'test-1'`,
    );
    expect(sources?.portals).toEqual(['bienici', 'pap']);
  });

  it('refuses a truncated file and a JSON that is no feed, in French, with nothing changed', async () => {
    const before = await snapshot();
    const text = readFileSync(LISTING_FEEDS.bienici, 'utf8');
    // Cut inside a quoted description: the last record never ends.
    const cut = text.slice(0, text.indexOf('"', Math.floor(text.length / 2)) + 40);
    const truncated = await importFile(write('bienici-cut.csv', cut));
    expect(truncated.status).toBe('failed');
    expect(truncated.error).toMatch(/tronqué.*rien n’a été importé/);

    const json = readFileSync(LISTING_FEEDS.leboncoin, 'utf8');
    const cutJson = await importFile(write('lbc-cut.json', json.slice(0, 5000)));
    expect(cutJson.status).toBe('failed');
    expect(cutJson.error).toMatch(/JSON illisible ou tronqué/);

    const notFeed = await runImport(db, { path: write('other.csv', 'a,b,c\n1,2,3\n'), source: 'annonces', startedBy: 'test' });
    expect(notFeed.status).toBe('failed');
    expect(notFeed.error).toMatch(/colonnes non reconnues pour un flux d’annonces/);
    expect(await snapshot()).toEqual(before);
  });
});
