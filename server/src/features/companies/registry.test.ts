/**
 * Registered offices from the « API Recherche d'entreprises », against a local stand-in built from
 * the API's documented answers (`GET /search?q=<SIREN>`: `results[].siege` with `numero_voie`,
 * `type_voie`, `libelle_voie`, `code_postal`, `libelle_commune`; an empty `results` for an unknown
 * SIREN; 429 with `Retry-After` past 7 calls a second). Checked: the office read and cached, the
 * calls spaced, an unreachable API said in French with nothing recorded, and a prospecting list's
 * letters going to the office when known, else to « la gérance » at the parcel — for its owner only.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addTargetResponseSchema, officesResponseSchema, targetsResponseSchema } from '@immoloupe/shared/prospecting/contracts';
import { DELIVERY_NOTES } from '@immoloupe/shared/prospecting/letters.logic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { setUpTwoSubscribers } from '../../test/two-subscribers.js';
import { type RouterServer, SUBSCRIBER, serveRouter } from '../market/test-support.js';
import { lettersHtml } from '../prospecting/letters.js';
import { prospectingRoutes } from '../prospecting/routes.js';
import { CompanyRegistry, companyOffices, REGISTRY_UNREACHABLE } from './registry.js';

/** Documented answers, by SIREN. */
const ANSWERS: Record<string, unknown> = {
  '444608442': {
    results: [
      {
        siren: '444608442',
        nom_complet: 'ENEDIS',
        nom_raison_sociale: 'ENEDIS',
        etat_administratif: 'A',
        siege: {
          siret: '44460844213792',
          etat_administratif: 'A',
          complement_adresse: 'TOUR ENEDIS',
          numero_voie: '34',
          indice_repetition: null,
          type_voie: 'PL',
          libelle_voie: 'DES COROLLES',
          code_postal: '92400',
          libelle_commune: 'COURBEVOIE',
          cedex: null,
          libelle_cedex: null,
        },
      },
    ],
    total_results: 1,
    page: 1,
    per_page: 1,
    total_pages: 1,
  },
  '552081317': {
    results: [
      {
        siren: '552081317',
        nom_complet: 'ELECTRICITE DE FRANCE',
        nom_raison_sociale: 'ELECTRICITE DE FRANCE',
        etat_administratif: 'A',
        siege: {
          etat_administratif: 'A',
          numero_voie: '22',
          indice_repetition: 'B',
          type_voie: 'AV',
          libelle_voie: 'DE WAGRAM',
          code_postal: '75008',
          libelle_commune: 'PARIS',
        },
      },
    ],
    total_results: 1,
  },
};

let standIn: Server;
let standInUrl = '';
const calls: { siren: string; at: number }[] = [];
let throttleNext = false;
beforeAll(async () => {
  standIn = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const siren = url.searchParams.get('q') ?? '';
    calls.push({ siren, at: Date.now() });
    if (url.pathname !== '/search') {
      res.writeHead(404).end();
      return;
    }
    if (throttleNext) {
      throttleNext = false;
      res.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' }).end('{"erreur":"Trop de requêtes"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ANSWERS[siren] ?? { results: [], total_results: 0, page: 1, per_page: 1, total_pages: 0 }));
  }).listen(0, '127.0.0.1');
  await new Promise((r) => standIn.once('listening', r));
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => standIn.close(() => r())));

/** An address nothing listens on: the API offline. */
const OFFLINE = 'http://127.0.0.1:9';

let db: Db;
let api: RouterServer;
let other: RouterServer;
setUpTwoSubscribers(
  (db) => prospectingRoutes({ db, companies: new CompanyRegistry({ baseUrl: standInUrl }) }),
  {},
  async (set) => {
    ({ db, api, other } = set);
    // Two companies owning Paris 18e parcels, as the owners importer stores them.
    await db.query(
      `INSERT INTO parcel_owners (kind, departement, code_commune, id_parcelle, vintage, numero_voirie, nature_voie, nom_voie, code_droit,
                                  siren, forme_juridique, denomination, owner_group, source_line)
       VALUES ('parcelle', '75', '75118', '75118000CF0104', '2025', '0029', 'RUE', 'DOUDEAUVILLE', 'P', '444608442', '5699', 'ENEDIS', 'societe', 2),
              ('parcelle', '75', '75118', '75118000BM0085', '2025', '0447', 'RUE', 'DES SAULES', 'P', '393576616', '6540', 'ARISTIDE', 'sci', 3)`,
    );
  },
);

async function post(server: RouterServer, path: string, body: unknown) {
  const res = await server.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('the annuaire des entreprises', () => {
  it('gives an office as a letter writes it, then answers from the cache', async () => {
    const registry = new CompanyRegistry({ baseUrl: standInUrl });
    const before = calls.length;
    const first = await companyOffices(db, registry, ['444608442', '552081317', '123456789', 'U23520806']);
    expect(first.unreachable).toBeNull();
    expect(first.asked).toBe(3);
    expect(first.offices.get('444608442')).toEqual({
      name: 'ENEDIS',
      complement: 'Tour Enedis',
      street: '34 Place des Corolles',
      postcode: '92400',
      town: 'Courbevoie',
    });
    expect(first.offices.get('552081317')?.street).toBe('22 bis Avenue de Wagram');
    expect(first.offices.has('123456789')).toBe(false);
    // The DGFiP's own « U… » numbers are no SIREN: never asked.
    expect(calls.slice(before).map((c) => c.siren)).toEqual(['444608442', '552081317', '123456789']);
    const again = await companyOffices(db, registry, ['444608442', '123456789']);
    expect(again.asked).toBe(0);
    expect(again.offices.get('444608442')?.town).toBe('Courbevoie');
    expect(calls.length).toBe(before + 3);
  });

  it('spaces its calls (7 a second at most) and waits once when told to', async () => {
    const registry = new CompanyRegistry({ baseUrl: standInUrl });
    const before = calls.length;
    throttleNext = true;
    const sirens = Array.from({ length: 9 }, (_, i) => `90000000${i}`);
    const r = await companyOffices(db, registry, sirens);
    expect(r.unreachable).toBeNull();
    expect(r.asked).toBe(9);
    const times = calls.slice(before).map((c) => c.at);
    // The 429 was asked again: one call more than SIREN.
    expect(times).toHaveLength(10);
    for (let i = 7; i < times.length; i++) expect((times[i] as number) - (times[i - 7] as number)).toBeGreaterThanOrEqual(990);
  });

  it('says in French when it cannot be reached, and records nothing', async () => {
    const r = await companyOffices(db, new CompanyRegistry({ baseUrl: OFFLINE, timeoutMs: 2000 }), ['380129866']);
    expect(r.unreachable).toBe(REGISTRY_UNREACHABLE);
    expect(r.offices.size).toBe(0);
    const rows = await db.query(`SELECT 1 FROM company_offices WHERE siren = '380129866'`);
    expect(rows).toHaveLength(0);
  });
});

describe('letters to the owning companies', () => {
  it('go to the registered office when known, else to « la gérance » at the parcel, and say which', async () => {
    const enedis = addTargetResponseSchema.parse(
      (
        await post(api, '/api/prospecting/targets', {
          newListName: 'Sociétés',
          kind: 'parcel',
          ref: '75118000CF0104',
          label: 'Parcelle CF 104',
          address: '29 Rue Doudeauville, 75018 Paris',
          ownerName: 'ENEDIS',
        })
      ).body,
    );
    const listId = enedis.list.id;
    await post(api, '/api/prospecting/targets', {
      listId,
      kind: 'parcel',
      ref: '75118000BM0085',
      label: 'Parcelle BM 85',
      address: '447 Rue des Saules, 75018 Paris',
      ownerName: 'ARISTIDE',
    });
    // Another subscriber cannot look up this list's offices.
    expect((await post(other, `/api/prospecting/lists/${listId}/offices`, {})).status).toBe(404);
    const looked = officesResponseSchema.parse((await post(api, `/api/prospecting/lists/${listId}/offices`, {})).body);
    expect(looked).toMatchObject({ companies: 2, withOffice: 1, message: null });
    const listed = targetsResponseSchema.parse(await (await api.fetch(`/api/prospecting/lists/${listId}/targets`)).json());
    const [toEnedis, toAristide] = [
      listed.targets.find((t) => t.ref === '75118000CF0104'),
      listed.targets.find((t) => t.ref === '75118000BM0085'),
    ];
    expect(toEnedis).toMatchObject({ ownerSiren: '444608442', office: { street: '34 Place des Corolles', postcode: '92400' } });
    expect(toAristide).toMatchObject({ ownerSiren: '393576616', office: null });
    const html = lettersHtml(
      listed.targets,
      {
        owner: { subject: listed.list.letterSubject, body: listed.list.letterBody },
        syndic: { subject: listed.list.syndicLetterSubject, body: listed.list.syndicLetterBody },
      },
      { name: 'Agence du Nord', contact: '1 Rue A\n75018 Paris', logo: null },
      new Date('2026-12-02T10:00:00Z'),
    );
    const [first, second] = html.split('class="letter"').slice(1);
    expect(first).toContain(
      '<div class="recipient"><div>ENEDIS</div><div>Tour Enedis</div><div>34 Place des Corolles</div><div>92400 COURBEVOIE</div></div>',
    );
    expect(first).toContain(DELIVERY_NOTES.siege);
    // The body still speaks of the parcel's address.
    expect(first).toContain('29 Rue Doudeauville');
    expect(second).toContain(
      '<div class="recipient"><div>ARISTIDE</div><div>La gérance</div><div>447 Rue des Saules</div><div>75018 PARIS</div></div>',
    );
    expect(second).toContain(DELIVERY_NOTES.gerance);
  });

  it('say so in French when the annuaire is offline', async () => {
    const offline = await serveRouter(
      prospectingRoutes({ db, companies: new CompanyRegistry({ baseUrl: OFFLINE, timeoutMs: 2000 }) }),
      SUBSCRIBER,
    );
    try {
      const lists = (await (await offline.fetch('/api/prospecting/lists')).json()) as { lists: { id: string }[] };
      await db.query(`DELETE FROM company_offices WHERE siren = '393576616'`);
      const r = await post(offline, `/api/prospecting/lists/${lists.lists[0]?.id}/offices`, {});
      expect(r.status).toBe(200);
      expect(officesResponseSchema.parse(r.body)).toMatchObject({ message: REGISTRY_UNREACHABLE, withOffice: 1 });
    } finally {
      await offline.close();
    }
  });
});
