/**
 * Address and place search over the imported Bondy data (cadastre 2022 and 2025, BAN), through the
 * real app; and the Géoplateforme fallback against a local fake of its API.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { geocodeResponseSchema } from '@immoloupe/shared/opendata/contracts';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { errorHandler } from '../../http/errors.js';
import { createLogger } from '../../logger.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTestDb } from '../../test/db.js';
import { SAMPLE } from '../market/test-support.js';
import { parseQuery } from './geocode.logic.js';
import { geocodeRoutes } from './routes.js';

let db: Db;
let app: TestApp;

beforeAll(async () => {
  // Two vintages of Bondy's cadastre, then its addresses: a prepared template (test/templates.ts).
  db = await createTestDb({ samples: [SAMPLE.bondyCadastre2022, SAMPLE.bondyCadastre, SAMPLE.bondyBan] });
  app = await startTestApp({ db });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

async function search(q: string, limit?: number) {
  const res = await app.fetch(`/api/geocode?${new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) })}`);
  expect(res.status).toBe(200);
  return geocodeResponseSchema.parse(await res.json());
}

describe('query parsing', () => {
  it('tells parcel references from addresses, and reads number, repetition and postcode', () => {
    expect(parseQuery('93010 AS 167')).toEqual({ kind: 'parcelle', id: '93010000AS0167' });
    expect(parseQuery('93010 000 as 167')).toEqual({ kind: 'parcelle', id: '93010000AS0167' });
    expect(parseQuery('930100000A0224')).toEqual({ kind: 'parcelle', id: '930100000A0224' });
    expect(parseQuery('139 bis av. Carnot 93140 Bondy')).toEqual({
      kind: 'texte',
      numero: 139,
      rep: 'bis',
      postcode: '93140',
      words: 'avenue carnot bondy',
      communeWords: 'av carnot bondy',
    });
    expect(parseQuery('12t bd st-Michel')).toMatchObject({ numero: 12, rep: 'ter', words: 'boulevard saint michel' });
  });
});

describe('GET /api/geocode', () => {
  it('returns 139 avenue Carnot, 93140 Bondy first, with its coordinates and its parcel', async () => {
    for (const q of ['139 av carnot bondy', '139 Avenue Carnot 93140', '139, av. Carnot, Bondy']) {
      const { results } = await search(q);
      const [first] = results;
      expect(first, q).toMatchObject({
        type: 'adresse',
        label: '139 Avenue Carnot, 93140 Bondy',
        source: 'ban',
        address: { id: '93010_1430_00139', numero: '139', nomVoie: 'Avenue Carnot', codePostal: '93140', codeInsee: '93010' },
        commune: { code: '93010', nom: 'Bondy' },
      });
      expect(first?.lon).toBeCloseTo(2.479688, 6);
      expect(first?.lat).toBeCloseTo(48.895901, 6);
      expect(first?.parcel).toMatchObject({ id: '93010000AS0167', section: 'AS', numero: '167', current: true });
    }
  });

  it('returns a parcel from its reference or its 14-character id', async () => {
    for (const q of ['93010 AS 167', '93010000AS0167']) {
      const { results } = await search(q);
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({
        type: 'parcelle',
        source: 'cadastre',
        label: 'Parcelle AS 167, Bondy',
        parcel: { id: '93010000AS0167' },
      });
      expect(results[0]?.parcel?.geometry.type).toMatch(/Polygon/);
    }
    expect((await search('93010 ZZ 9999')).results).toEqual([]);
  });

  it('finds streets with "st" for "saint", and communes by name or postcode', async () => {
    const st = await search('rue st louis bondy');
    expect(st.results[0]).toMatchObject({ type: 'voie', label: 'Rue Saint-Louis, 93140 Bondy' });
    const n = await search('40 rue saint louis');
    expect(n.results[0]).toMatchObject({ type: 'adresse', label: '40 Rue Saint-Louis, 93140 Bondy' });
    const bondy = await search('Bondy');
    expect(bondy.results[0]).toMatchObject({ type: 'commune', label: 'Bondy (93140)', source: 'communes', commune: { code: '93010' } });
    expect(bondy.results[0]?.lat).toBeCloseTo(48.9, 1);
    const cp = await search('93140');
    expect(cp.results.map((r) => r.commune?.code)).toContain('93010');
  });

  it('answers an empty list for a place that was not imported, and a French 400 for a bad query', async () => {
    expect((await search('12 rue introuvable quelquepart')).results).toEqual([]);
    const missing = await app.fetch('/api/geocode');
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as { message: string; issues: { message: string }[] };
    expect(body.issues[0]?.message).toBe('Le paramètre q (texte recherché) est obligatoire.');
    const tooMany = await app.fetch('/api/geocode?q=bondy&limit=50');
    expect(((await tooMany.json()) as { issues: { message: string }[] }).issues[0]?.message).toBe('limit ne doit pas dépasser 20.');
  });
});

describe('GET /api/reverse', () => {
  it('returns the nearest address and the parcel that contains the point', async () => {
    // Inside parcel AS 167, a few metres from the door of 139 avenue Carnot.
    const res = await app.fetch('/api/reverse?lat=48.8958437&lon=2.4799462');
    expect(res.status).toBe(200);
    const { results } = geocodeResponseSchema.parse(await res.json());
    expect(results[0]).toMatchObject({ type: 'adresse', label: '139 Avenue Carnot, 93140 Bondy', parcel: { id: '93010000AS0167' } });
    expect(results[0]?.distanceM).toBeLessThan(25);
    expect(results[1]).toMatchObject({ type: 'parcelle', distanceM: 0, parcel: { id: '93010000AS0167' } });
    const far = geocodeResponseSchema.parse(await (await app.fetch('/api/reverse?lat=45&lon=1')).json());
    expect(far.results).toEqual([]);
    expect((await app.fetch('/api/reverse?lat=91&lon=2')).status).toBe(400);
  });
});

describe('Géoplateforme fallback', () => {
  let fake: Server;
  let api: Server;
  const asked: string[] = [];
  beforeAll(async () => {
    fake = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              geometry: { type: 'Point', coordinates: [4.8357, 45.764] },
              properties: {
                label: '8 Place Bellecour 69002 Lyon',
                score: 0.97,
                type: 'housenumber',
                id: '69382_0720_00008',
                housenumber: '8',
                street: 'Place Bellecour',
                postcode: '69002',
                citycode: '69382',
                city: 'Lyon',
              },
            },
          ],
        }),
      );
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const server = express();
    server.use(
      '/api',
      geocodeRoutes({ db, log: createLogger('silent'), geocoderUrl: `http://127.0.0.1:${(fake.address() as AddressInfo).port}` }),
    );
    server.use(errorHandler(createLogger('silent')));
    api = await new Promise<Server>((r) => {
      const s = server.listen(0, '127.0.0.1', () => r(s));
    });
  });
  afterAll(async () => {
    fake?.close();
    api?.close();
  });

  it('asks the Géoplateforme for what was not imported and answers in the same shape', async () => {
    const base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const body = geocodeResponseSchema.parse(await (await fetch(`${base}/api/geocode?q=8+place+bellecour+lyon`)).json());
    expect(body.results[0]).toMatchObject({
      type: 'adresse',
      label: '8 Place Bellecour 69002 Lyon',
      source: 'geoplateforme',
      lon: 4.8357,
      address: { numero: '8', nomVoie: 'Place Bellecour', codeInsee: '69382' },
      commune: { code: '69382' },
    });
    expect(asked[0]).toMatch(/^\/search\?q=8\+place\+bellecour\+lyon&limit=5$/);
    // Imported places never go to the Géoplateforme.
    const local = geocodeResponseSchema.parse(await (await fetch(`${base}/api/geocode?q=139+av+carnot+bondy`)).json());
    expect(local.results[0]?.source).toBe('ban');
    expect(asked).toHaveLength(1);
  });
});
