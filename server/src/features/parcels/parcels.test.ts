/** Parcel search over the Bondy cadastre (2022 and 2025 vintages) and BAN: subscribers only, French errors, BAN addresses. */
import type { AddressInfo } from 'node:net';
import { parcelSearchResponseSchema } from '@immoloupe/shared/opendata/contracts';
import { parcelSearchResultSchema } from '@immoloupe/shared/parcels/search-contracts';
import { parcelSheetSchema } from '@immoloupe/shared/parcels/sheet-contracts';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestUser } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { errorHandler } from '../../http/errors.js';
import { createLogger } from '../../logger.js';
import { createTestDb } from '../../test/db.js';
import { SAMPLE } from '../market/test-support.js';
import { parcelRoutes } from './routes.js';

let db: Db;
let server: import('node:http').Server;
let base = '';
let user: RequestUser | undefined;
/** The statements the routes sent, to count those over the BAN addresses. */
const statements: string[] = [];

beforeAll(async () => {
  // Two vintages of Bondy's cadastre, then its addresses: a prepared template (test/templates.ts).
  db = await createTestDb({ samples: [SAMPLE.bondyCadastre2022, SAMPLE.bondyCadastre, SAMPLE.bondyBan] });
  const counted: Db = {
    ...db,
    query: (sql, params) => {
      statements.push(sql);
      return db.query(sql, params);
    },
  };
  const log = createLogger('silent');
  server = express()
    .use((req, _res, next) => {
      req.user = user;
      next();
    })
    .use('/api', parcelRoutes({ db: counted }))
    .use(errorHandler(log))
    .listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await db?.close();
});

async function search(query: string) {
  const res = await fetch(`${base}/api/parcels?${query}`);
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('GET /api/parcels', () => {
  it('is for subscribers', async () => {
    user = undefined;
    expect((await search('commune=93010')).status).toBe(401);
  });

  it('finds a parcel by commune (code or name), section and number, with its outline', async () => {
    user = { id: '1', email: 'abonne@exemple.fr', role: 'subscriber', aboactif: true, via: 'session' };
    for (const commune of ['93010', 'Bondy', 'bondy']) {
      const { status, body } = await search(`commune=${commune}&section=as&numero=167`);
      expect(status).toBe(200);
      const r = parcelSearchResponseSchema.parse(body);
      // With its postcodes: the page says « 1 parcelle à Bondy (93140) », not its INSEE code.
      expect(r).toMatchObject({ commune: { code: '93010', nom: 'Bondy', codesPostaux: ['93140'] }, total: 1, vintage: '2024-11-13' });
      expect(r.parcels[0]).toMatchObject({ id: '93010000AS0167', section: 'AS', numero: '167', current: true });
      expect(r.parcels[0]?.geometry.type).toMatch(/Polygon/);
      expect(r.sections.find((s) => s.section === 'AS')?.parcels).toBeGreaterThan(50);
    }
  });

  it('finds a former commune’s parcels in its commune nouvelle’s cadastre, by the prefix it left there', async () => {
    // Two Bondy parcels filed as Saint-Denis's (93066): one under the prefix of Pierrefitte-sur-Seine
    // (93059, merged into it in 2025), one under Saint-Denis's own.
    await db.transaction(async (tx) => {
      await tx.query(`CREATE TEMP TABLE moved ON COMMIT DROP AS SELECT * FROM parcels WHERE id IN ('93010000AS0167', '93010000AS0168')`);
      await tx.query(`UPDATE moved SET code_commune = '93066', prefixe = CASE WHEN numero = '167' THEN '059' ELSE '000' END`);
      await tx.query(
        `UPDATE moved SET code_section = code_commune || prefixe || section, id = code_commune || prefixe || section || lpad(numero, 4, '0')`,
      );
      await tx.query('INSERT INTO parcels SELECT * FROM moved');
    });
    try {
      const pierrefitte = parcelSearchResponseSchema.parse((await search('commune=93059')).body);
      expect(pierrefitte.commune).toEqual({
        code: '93059',
        nom: 'Pierrefitte-sur-Seine',
        codesPostaux: [],
        mergedInto: { insee: '93066', nom: 'Saint-Denis' },
      });
      expect(pierrefitte.parcels.map((p) => p.id)).toEqual(['93066059AS0167']);
      expect(pierrefitte.sections).toEqual([{ section: 'AS', parcels: 1 }]);
      const saintDenis = parcelSearchResponseSchema.parse((await search('commune=93066')).body);
      expect(saintDenis.parcels.map((p) => p.id).sort()).toEqual(['93066000AS0168', '93066059AS0167']);
      expect(saintDenis.commune).not.toHaveProperty('mergedInto');
    } finally {
      await db.query(`DELETE FROM parcels WHERE code_commune = '93066'`);
    }
  });

  it('dates the cadastre of Paris by its arrondissements’ files, and a commune nouvelle by its own', async () => {
    await db.query(
      `INSERT INTO cadastre_communes (code_commune, vintage, parcels_current, import_run_id)
       VALUES ('75118', '2025-04-01', 1, 1), ('75117', '2024-10-01', 1, 1), ('93066', '2025-04-01', 1, 1), ('93059', '2023-01-01', 1, 1)`,
    );
    try {
      // Paris has no file of its own: the oldest of its arrondissements imported.
      expect(parcelSearchResponseSchema.parse((await search('commune=75056')).body).vintage).toBe('2024-10-01');
      expect(parcelSearchResponseSchema.parse((await search('commune=75118')).body).vintage).toBe('2025-04-01');
      // Saint-Denis's file, not the one Pierrefitte-sur-Seine had before it merged.
      expect(parcelSearchResponseSchema.parse((await search('commune=93066')).body).vintage).toBe('2025-04-01');
    } finally {
      await db.query(`DELETE FROM cadastre_communes WHERE code_commune IN ('75118', '75117', '93066', '93059')`);
    }
  });

  it('filters by area, pages, and shows vanished parcels only when asked', async () => {
    const big = parcelSearchResponseSchema.parse((await search('commune=93010&surfaceMin=20000&limit=500')).body);
    expect(big.total).toBeGreaterThan(0);
    expect(big.parcels.every((p) => (p.contenance ?? 0) >= 20000 && p.current)).toBe(true);
    const all = parcelSearchResponseSchema.parse((await search('commune=93010&limit=10&offset=10')).body);
    expect(all.total).toBe(7124);
    expect(all.parcels).toHaveLength(10);
    const withOld = parcelSearchResponseSchema.parse((await search('commune=93010&anciennes=1&limit=1')).body);
    expect(withOld.total).toBe(7173);
  });

  it('gives each parcel of the page its first BAN address, as its sheet does, in one query over the BAN', async () => {
    user = { id: '1', email: 'abonne@exemple.fr', role: 'subscriber', aboactif: true, via: 'session' };
    // AS 167: the BAN does not name it, but 139 Avenue Carnot stands in its outline.
    const carnot = parcelSearchResultSchema.parse((await search('commune=93010&section=AS&numero=167')).body);
    expect(carnot.addresses).toEqual({ '93010000AS0167': '139 Avenue Carnot, 93140 Bondy' });

    statements.length = 0;
    const page = parcelSearchResultSchema.parse((await search('commune=93010&limit=100')).body);
    expect(statements.filter((s) => s.includes('ban_addresses'))).toHaveLength(1);
    expect(page.parcels).toHaveLength(100);
    // 0A 72, at the head of the commune's first section, has no address near it; its neighbours do.
    const bare = page.parcels.filter((p) => page.addresses[p.id] === undefined).map((p) => p.id);
    expect(bare).toContain('930100000A0072');
    expect(bare.length).toBeLessThan(page.parcels.length);
    for (const id of [
      ...bare.slice(0, 3),
      ...page.parcels
        .map((p) => p.id)
        .filter((id) => page.addresses[id])
        .slice(0, 5),
    ]) {
      const sheet = parcelSheetSchema.parse((await fetch(`${base}/api/parcels/${id}`).then((r) => r.json())) as unknown);
      expect(page.addresses[id]).toBe(sheet.addresses[0]?.label);
    }
  });

  it('says which départements lack the legal-entity owners file the owner filters need', async () => {
    const r = parcelSearchResultSchema.parse((await search('commune=93010&ownerGroup=sci&limit=1')).body);
    expect(r).toMatchObject({ total: 0, ownersMissing: ['93'] });
  });

  it('answers in French when the commune is unknown or a filter is wrong', async () => {
    expect(await search('commune=Nullepart-sur-Rien')).toEqual({
      status: 404,
      body: { message: 'Commune introuvable\u00a0: « Nullepart-sur-Rien ».' },
    });
    const bad = await search('commune=93010&surfaceMin=500&surfaceMax=100');
    expect(bad.status).toBe(400);
    expect((bad.body as { issues: { message: string }[] }).issues[0]?.message).toBe('La surface minimale dépasse la surface maximale.');
    const section = await search('commune=93010&section=ABC');
    expect((section.body as { issues: { message: string }[] }).issues[0]?.message).toBe('Section invalide (1 ou 2 caractères, ex. AS).');
  });
});
