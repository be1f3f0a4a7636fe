/**
 * The parcel sheet (`GET /api/parcels/:id`) over Paris 18e (cadastre + legal-entity owners) and
 * Bondy (cadastre, BAN, raw DVF, RNIC): owners, sales, co-ownerships, addresses; French 400 and 404.
 */
import { parcelSheetSchema } from '@immoloupe/shared/parcels/sheet-contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { SAMPLES } from '../../importers/test-samples.js';
import { createTestDb } from '../../test/db.js';
import { importSamples, LAPSED, type RouterServer, SAMPLE, SUBSCRIBER, samplePath, serveRouter } from '../market/test-support.js';
import { parcelRoutes } from './routes.js';

let db: Db;
let api: RouterServer;
let lapsed: RouterServer;
beforeAll(async () => {
  db = await createTestDb({ samples: [SAMPLE.bondyCadastre, SAMPLE.bondyBan, SAMPLE.bondyDvf, SAMPLE.bondyCopro] });
  for (const f of [SAMPLES.cadastreParis18_2025, SAMPLES.personnesMoralesParis18]) await importSamples(db, [f.replace(samplePath(''), '')]);
  api = await serveRouter(parcelRoutes({ db }), SUBSCRIBER);
  lapsed = await serveRouter(parcelRoutes({ db }), LAPSED);
}, 180_000);
afterAll(async () => {
  await Promise.all([api?.close(), lapsed?.close()]);
  await db?.close();
});

async function sheet(id: string, server = api) {
  const res = await server.fetch(`/api/parcels/${id}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('GET /api/parcels/:id', () => {
  it('gives the legal-entity owners of a Paris 18e parcel', async () => {
    const { status, body } = await sheet('75118000CF0104');
    expect(status).toBe(200);
    const s = parcelSheetSchema.parse(body);
    expect(s.parcel).toMatchObject({ id: '75118000CF0104', section: 'CF', current: true });
    expect(s.commune).toEqual({ code: '75118', nom: 'Paris 18e Arrondissement' });
    // No buildings imported for Paris 18e: no footprint, no coverage (« bâti non importé »), never 0.
    expect(s.land).toMatchObject({ builtM2: null, coverage: null, areaM2: s.parcel.contenance });
    expect(s.ownersLoaded).toBe(true);
    expect(s.owners).toEqual(
      expect.arrayContaining([
        {
          siren: '444608442',
          name: 'ENEDIS',
          naturalPerson: false,
          legalForm: '5699',
          legalFormLabel: 'SA à directoire',
          right: 'Propriétaire',
          group: 'societe',
          on: 'parcelle',
        },
        expect.objectContaining({ siren: '444608442', right: 'Gérant, mandataire, gestionnaire' }),
      ]),
    );
  });

  it('links a Bondy parcel to its co-ownership, its sales and its addresses; no owners data there', async () => {
    const [withCopro] = await db.query<{ id: string; numero: string }>(
      `SELECT cp.id_parcelle AS id, cp.numero_immatriculation AS numero FROM copro_parcels cp JOIN parcels p ON p.id = cp.id_parcelle ORDER BY 1 LIMIT 1`,
    );
    const s = parcelSheetSchema.parse((await sheet(withCopro?.id ?? '')).body);
    expect(s.copros.map((c) => c.numero)).toContain(withCopro?.numero);
    expect(s.owners).toEqual([]);
    expect(s.ownersLoaded).toBe(false);

    const [sold] = await db.query<{ id: string; n: number }>(
      `SELECT l.id_parcelle AS id, count(DISTINCT l.id_mutation)::int AS n FROM dvf_lines l JOIN parcels p ON p.id = l.id_parcelle
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
    );
    const t = parcelSheetSchema.parse((await sheet(sold?.id ?? '')).body);
    expect(t.sales).toHaveLength(Math.min(sold?.n ?? 0, 100));
    expect((t.sales[0]?.date ?? '') >= (t.sales.at(-1)?.date ?? '')).toBe(true);

    const [addressed] = await db.query<{ id: string }>(
      `SELECT p.id FROM parcels p WHERE p.code_commune = '93010' AND EXISTS (SELECT 1 FROM ban_addresses a WHERE p.id = ANY(a.cad_parcelles)) ORDER BY 1 LIMIT 1`,
    );
    const u = parcelSheetSchema.parse((await sheet(addressed?.id ?? '')).body);
    expect(u.addresses.length).toBeGreaterThan(0);
    expect(u.addresses[0]?.label).toMatch(/93140 Bondy$/);

    // AS 167: the BAN does not name it, but 139 Avenue Carnot stands in its outline (as the address analysis finds it).
    const [named] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ban_addresses WHERE '93010000AS0167' = ANY(cad_parcelles)`,
    );
    expect(named?.n).toBe(0);
    const carnot = parcelSheetSchema.parse((await sheet('93010000AS0167')).body);
    expect(carnot.addresses.map((a) => a.label)).toContain('139 Avenue Carnot, 93140 Bondy');
  });

  it('answers a bad id with a French 400, an unknown one with a 404, and only subscribers', async () => {
    expect(await sheet('93010-AS-167')).toEqual({
      status: 400,
      body: {
        message:
          'Identifiant de parcelle invalide\u00a0: 14 caractères attendus (code INSEE, préfixe, section, numéro), par exemple 93010000AS0167.',
      },
    });
    const unknown = await sheet('93010000ZZ9999');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('Parcelle inconnue');
    expect((await sheet('75118000CF0104', lapsed)).status).toBe(403);
  });
});

describe('GET /api/parcels prospecting filters', () => {
  async function search(query: string) {
    const res = await api.fetch(`/api/parcels?${query}`);
    return {
      status: res.status,
      body: (await res.json()) as { total: number; parcels: { id: string }[]; owners: Record<string, string[]>; message?: string },
    };
  }
  const count = async (sql: string) => (await db.query<{ n: number }>(sql))[0]?.n ?? -1;

  it('filters by owner group, legal form, name or SIREN, and lists the owners', async () => {
    const sci = await search('commune=75118&ownerGroup=sci&limit=500');
    expect(sci.status).toBe(200);
    expect(sci.body.total).toBe(
      await count(
        `SELECT count(DISTINCT o.id_parcelle)::int AS n FROM parcel_owners o JOIN parcels p ON p.id = o.id_parcelle AND p.is_current WHERE o.owner_group = 'sci'`,
      ),
    );
    expect(sci.body.total).toBeGreaterThan(0);
    for (const p of sci.body.parcels) expect(sci.body.owners[p.id]?.length).toBeGreaterThan(0);
    const form = await search('commune=75118&legalForm=6540&limit=1');
    expect(form.body.total).toBe(
      await count(
        `SELECT count(DISTINCT o.id_parcelle)::int AS n FROM parcel_owners o JOIN parcels p ON p.id = o.id_parcelle AND p.is_current WHERE o.forme_juridique = '6540'`,
      ),
    );
    for (const q of ['owner=enedis', 'owner=444%20608%20442']) {
      const r = await search(`commune=75118&${q}&limit=500`);
      expect(r.body.parcels.map((p) => p.id)).toContain('75118000CF0104');
      expect(r.body.owners['75118000CF0104']).toEqual(['ENEDIS']);
    }
    expect((await search('commune=75118&ownerGroup=particulier')).body.message).toBe('Requête invalide.');
  });

  it('filters Bondy by sales (since a date, none for N years) and by buildings', async () => {
    const since = await search('commune=93010&soldSince=2022-06-01&limit=500');
    expect(since.body.total).toBe(
      await count(
        `SELECT count(DISTINCT l.id_parcelle)::int AS n FROM dvf_lines l JOIN dvf_mutations m USING (id_mutation) JOIN parcels p ON p.id = l.id_parcelle AND p.is_current WHERE m.date_mutation >= '2022-06-01'`,
      ),
    );
    expect(since.body.total).toBeGreaterThan(0);
    const all = (await search('commune=93010&limit=1')).body.total;
    const sold = (await search('commune=93010&soldSince=2000-01-01&limit=1')).body.total;
    // The sample holds 2022 only: « no sale for 5 years » leaves the parcels never sold.
    expect((await search('commune=93010&noSaleYears=5&limit=1')).body.total).toBe(all - sold);
    const built = (await search('commune=93010&built=oui&limit=1')).body.total;
    const bare = (await search('commune=93010&built=non&limit=1')).body.total;
    expect(built).toBeGreaterThan(0);
    expect(built + bare).toBe(all);
  });
});
