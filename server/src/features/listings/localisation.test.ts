/**
 * GET /api/localisation on the real DPE samples (the 1 000 DPE of France and the 2 851 new-build
 * DPE of Lyon 8e share the postcode 69008): a record's address is hidden and found back from
 * listing-like values; access and bad input.
 */
import { readFileSync } from 'node:fs';
import { parseListing } from '@immoloupe/shared/listings/parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { SAMPLES_DIR } from '../../importers/test-samples.js';
import { openApiDocument } from '../../openapi.js';
import { createTestDb } from '../../test/db.js';
import { LAPSED, type RouterServer, SUBSCRIBER, serveRouter } from '../market/test-support.js';
import { listingRoutes } from './routes.js';

let db: Db;
let api: RouterServer;
let signedOut: RouterServer;
let lapsed: RouterServer;

beforeAll(async () => {
  db = await createTestDb({
    samples: ['dpe/dpe03existant_extrait-1000_france.csv', 'dpe/dpe-v2-logements-neufs_extrait_cp69008_lyon8.csv'],
  });
  api = await serveRouter(listingRoutes({ db }), SUBSCRIBER);
  signedOut = await serveRouter(listingRoutes({ db }), undefined);
  lapsed = await serveRouter(listingRoutes({ db }), LAPSED);
});

afterAll(async () => {
  await Promise.all([api?.close(), signedOut?.close(), lapsed?.close()]);
  await db?.close();
});

type Body = {
  candidates: {
    address: string;
    dpeNumber: string | null;
    score: number | null;
    lat: number | null;
    lon: number | null;
    reasons: string[];
  }[];
};

describe('GET /api/localisation', () => {
  it('finds the hidden address of an existing-dwelling DPE of 69008 first, from rounded listing values', async () => {
    const [d] = await db.query<{ adresse_ban: string; type_batiment: string; s: number; e: string; g: string; c: number; m: number }>(
      `SELECT adresse_ban, type_batiment, surface_habitable_logement::float8 AS s, etiquette_dpe AS e, etiquette_ges AS g,
              conso_5_usages_ep_m2::float8 AS c, emission_ges_5_usages_m2::float8 AS m
         FROM dpe WHERE modele = 'existant' AND code_postal_ban = '69008' AND adresse_ban IS NOT NULL
          AND surface_habitable_logement > 30 AND conso_5_usages_ep_m2 IS NOT NULL AND emission_ges_5_usages_m2 IS NOT NULL
        ORDER BY numero_dpe LIMIT 1`,
    );
    if (!d) throw new Error('sample without a usable 69008 DPE');
    const [{ n } = { n: 0 }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM dpe WHERE code_postal_ban = '69008'`);
    expect(n).toBeGreaterThan(1000);
    const params = new URLSearchParams({
      postcode: '69008',
      type: d.type_batiment === 'maison' ? 'maison' : 'appartement',
      surface: String(Math.round(d.s * 1.03)),
      dpe: d.e,
      ges: d.g,
      conso: String(Math.round(d.c)),
      emission: String(Math.round(d.m)),
    });
    const res = await api.fetch(`/api/localisation?${params}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Body;
    expect(body.candidates.length).toBeGreaterThan(0);
    expect(body.candidates.length).toBeLessThanOrEqual(10);
    expect(body.candidates[0]?.address).toBe(d.adresse_ban);
    expect(body.candidates[0]?.reasons.join(' ')).toMatch(/Étiquette DPE . identique/);
    expect(new Set(body.candidates.map((c) => c.address)).size).toBe(body.candidates.length);
    const scores = body.candidates.map((c) => c.score ?? -1);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('shows the number typed in a new build’s DPE when the BAN matched only its street, one candidate per building', async () => {
    // 71 Avenue Jean Mermoz: the BAN knows the avenue of these new builds, not their number.
    const [d] = await db.query<{
      n: string;
      street: string;
      cp: string;
      town: string;
      s: number;
      e: string;
      g: string;
      c: number;
      m: number;
    }>(
      `SELECT numero_voie_saisi AS n, nom_rue_ban AS street, code_postal_ban AS cp, nom_commune_ban AS town,
              surface_habitable_logement::float8 AS s, etiquette_dpe AS e, etiquette_ges AS g,
              conso_5_usages_ep_m2::float8 AS c, emission_ges_5_usages_m2::float8 AS m
         FROM dpe WHERE modele = 'neuf' AND numero_voie_saisi = '71' AND nom_rue_ban = 'Avenue Jean Mermoz'
          AND surface_habitable_logement > 30 AND conso_5_usages_ep_m2 IS NOT NULL AND emission_ges_5_usages_m2 IS NOT NULL
        ORDER BY numero_dpe LIMIT 1`,
    );
    if (!d) throw new Error('sample without the new builds of 71 Avenue Jean Mermoz');
    const [counts] = await db.query<{ typed: number; street: number }>(
      `SELECT count(*) FILTER (WHERE numero_voie_saisi IS NOT NULL)::int AS typed,
              count(*) FILTER (WHERE identifiant_ban ~ '^[^_]+_[^_]+$')::int AS street FROM dpe WHERE modele = 'neuf'`,
    );
    // 338 DPE of the sample matched to their street only, 162 of them with a number typed.
    expect(counts).toEqual({ typed: 162, street: 338 });
    const params = new URLSearchParams({
      postcode: '69008',
      type: 'appartement',
      surface: String(Math.round(d.s)),
      dpe: d.e,
      ges: d.g,
      conso: String(Math.round(d.c)),
      emission: String(Math.round(d.m)),
    });
    const body = (await (await api.fetch(`/api/localisation?${params}`)).json()) as Body;
    expect(body.candidates[0]?.address).toBe(`71 Avenue Jean Mermoz ${d.cp} ${d.town}`);
    expect(body.candidates[0]?.reasons.at(-1)).toBe('Numéro saisi dans le DPE, absent de la BAN\u00a0: le point est celui de la rue');
    expect(body.candidates.filter((c) => c.address.includes('Avenue Jean Mermoz')).map((c) => c.address)).not.toContain(
      `Avenue Jean Mermoz ${d.cp} ${d.town}`,
    );
  });

  it('accepts an INSEE code instead of the postcode', async () => {
    const res = await api.fetch('/api/localisation?insee=69388&dpe=C&surface=60');
    expect(res.status).toBe(200);
    expect(((await res.json()) as Body).candidates.length).toBeGreaterThan(0);
  });

  it('answers a French 400 for bad input', async () => {
    const missing = await api.fetch('/api/localisation?surface=60');
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBeTruthy();
    const badClass = await api.fetch('/api/localisation?postcode=69008&dpe=Z');
    expect(badClass.status).toBe(400);
    const body = (await badClass.json()) as { issues: { message: string }[] };
    expect(body.issues.map((i) => i.message).join(' ')).toMatch(/lettre de A à G/);
  });

  it('is for subscribers only', async () => {
    expect((await signedOut.fetch('/api/localisation?postcode=69008&dpe=C')).status).toBe(401);
    expect((await lapsed.fetch('/api/localisation?postcode=69008&dpe=C')).status).toBe(403);
  });
});

describe('the address written in the listing', () => {
  const post = (path: string, body: unknown) =>
    api.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('puts « 12 rue Jules Valensaut » of the real SeLoger Lyon 8e ad first, the DPE of the zone after it', async () => {
    let html = JSON.parse(
      readFileSync(`${SAMPLES_DIR}listings/seloger/seloger_ad-page-body_location_lyon-69008_2025-10.json`, 'utf8'),
    ) as string;
    if (html.startsWith('"<')) html = html.slice(1);
    // Read in the test's own thread: the reading is parse.test.ts's, the worker's start is not this test's.
    const parsed = parseListing({ html });
    if (!parsed.ok) throw new Error(parsed.message);
    const { sources: _sources, ...fields } = parsed.listing;
    expect(fields).toMatchObject({ postcode: '69008', surface: 70 });
    const res = await post('/api/listings/analysis', fields);
    expect(res.status).toBe(200);
    const { candidates } = (await res.json()) as Body;
    // No DPE of the samples sits at that number, and no BAN of Lyon is imported: the address stands
    // alone, unplaced and unscored, ahead of the DPE that the values alone would rank first.
    expect(candidates[0]).toEqual({
      address: '12 Rue Jules Valensaut 69008 Lyon',
      dpeNumber: null,
      score: null,
      lat: null,
      lon: null,
      reasons: [
        'Adresse écrite dans l’annonce',
        'Adresse absente de la BAN importée\u00a0: non placée sur la carte',
        'Aucun DPE importé à cette adresse ne reprend les valeurs de l’annonce',
      ],
    });
    expect(candidates.length).toBeGreaterThan(1);
    expect(candidates.slice(1).every((c) => c.dpeNumber !== null && c.score !== null)).toBe(true);
    expect(candidates.slice(1).some((c) => /Valensaut/i.test(c.address))).toBe(false);
  });

  it('takes a DPE of the zone at the written address as the first candidate, whatever its score', async () => {
    const [d] = await db.query<{ adresse_ban: string; s: number; numero_dpe: string }>(
      `SELECT adresse_ban, surface_habitable_logement::float8 AS s, numero_dpe FROM dpe
        WHERE code_postal_ban = '69008' AND adresse_ban ~ '^[0-9]+ ' AND surface_habitable_logement > 30
        ORDER BY numero_dpe LIMIT 1`,
    );
    if (!d) throw new Error('sample without a numbered 69008 DPE');
    const street = d.adresse_ban.replace(/ 69008 Lyon$/, '');
    // Another flat's values, so that the values alone would not rank this DPE first.
    const res = await post('/api/listings/analysis', {
      portal: 'seloger',
      transaction: 'vente',
      propertyType: 'appartement',
      title: `Appartement au ${street}`,
      postcode: '69008',
      city: 'Lyon',
      surface: Math.round(d.s),
      dpeClass: 'G',
    });
    const { candidates } = (await res.json()) as Body;
    expect(candidates[0]?.address).toBe(d.adresse_ban);
    expect(candidates[0]?.reasons[0]).toBe('Adresse écrite dans l’annonce');
    expect(candidates[0]?.dpeNumber).not.toBeNull();
    expect(candidates.filter((c) => c.address === d.adresse_ban)).toHaveLength(1);
  });
});

describe('OpenAPI', () => {
  it('describes GET /api/localisation and POST /api/listings/parse', () => {
    const doc = openApiDocument('http://localhost') as { paths: Record<string, Record<string, { parameters?: { name: string }[] }>> };
    expect(doc.paths['/localisation']?.get?.parameters?.map((p) => p.name)).toEqual([
      'postcode',
      'insee',
      'type',
      'surface',
      'dpe',
      'ges',
      'conso',
      'emission',
    ]);
    expect(doc.paths['/listings/parse']?.post).toBeDefined();
  });
});
