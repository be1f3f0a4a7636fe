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
  db = await createTestDb();
  await importSamples(db, [SAMPLE.bondyCadastre, SAMPLE.bondyBan, SAMPLE.bondyDvf, SAMPLE.bondyCopro]);
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
    expect(s.ownersLoaded).toBe(true);
    expect(s.owners).toEqual(
      expect.arrayContaining([
        {
          siren: '444608442',
          name: 'ENEDIS',
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
