/**
 * « Ma zone » (`/api/zone/mine`, subscribers, one territory per user): read, save (validated:
 * closed rings, ≤ 5 000 vertices, in France, no crossing edge), delete; and the dashboard of what
 * changed in it since the last visit (`/changes`, then `POST /seen` once shown).
 */
import { type TerritoryChanges, territoryInputSchema } from '@immoloupe/shared/zone/contracts';
import { validateZoneGeometry } from '@immoloupe/shared/zone/territory.logic';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db, Queryable } from '../../db/client.js';
import { Params } from '../../db/params.js';
import { HttpError } from '../../http/errors.js';
import { communeInfo } from '../../places/commune-info.js';
import { columnsOf, type SqlZoneQuery, zoneWhere } from './sql.js';
import { deleteTerritory, readTerritory, type StoredTerritory, saveTerritory, territoryDto, territoryZone } from './territory.js';

const DVF = columnsOf('m', 'code_commune', 'code_postal');
const DPE = columnsOf('d', 'code_insee_ban', 'code_postal_ban');
const COPRO = columnsOf('c', 'code_insee', 'code_postal');

/** Newest DVF sale date and DPE date of a zone: what the dashboard has « seen ». */
async function newestDates(db: Queryable, zone: SqlZoneQuery): Promise<{ dvf: string | null; dpe: string | null }> {
  const p = new Params();
  const [r] = await db.query<{ dvf: string | null; dpe: string | null }>(
    `SELECT (SELECT max(m.date_mutation)::text FROM dvf_mutations m WHERE ${zoneWhere(p, DVF, zone)}) AS dvf,
            (SELECT max(d.date_etablissement)::text FROM dpe d WHERE ${zoneWhere(p, DPE, zone)}) AS dpe`,
    p.values,
  );
  return { dvf: r?.dvf ?? null, dpe: r?.dpe ?? null };
}

export async function territoryChanges(db: Queryable, t: StoredTerritory): Promise<TerritoryChanges> {
  const zone = territoryZone(t);
  const latest = await newestDates(db, zone);
  const p = new Params();
  // First visit: the last three months of data the zone holds.
  const dvfSince = `coalesce(${p.add(t.seenDvfDate)}::date, (${p.add(latest.dvf)}::date - interval '3 months')::date)`;
  const dpeSince = `coalesce(${p.add(t.seenDpeDate)}::date, (${p.add(latest.dpe)}::date - interval '3 months')::date)`;
  const [r] = await db.query<{
    new_sales: number;
    dvf_since: string | null;
    new_passoires: number;
    dpe_since: string | null;
    mandates: number;
    as_of: string | null;
    until: string | null;
  }>(
    `WITH ref AS (SELECT max(date_derniere_maj) AS as_of FROM copros)
     SELECT (SELECT count(*) FROM dvf_mutations m WHERE ${zoneWhere(p, DVF, zone)} AND m.date_mutation > ${dvfSince})::int AS new_sales,
            ${dvfSince}::text AS dvf_since,
            (SELECT count(*) FROM dpe d WHERE ${zoneWhere(p, DPE, zone)} AND d.etiquette_dpe IN ('F', 'G')
                AND d.date_etablissement > ${dpeSince}
                AND NOT EXISTS (SELECT 1 FROM dpe n WHERE n.numero_dpe_remplace = d.numero_dpe))::int AS new_passoires,
            ${dpeSince}::text AS dpe_since,
            (SELECT count(*) FROM copros c, ref WHERE ${zoneWhere(p, COPRO, zone)}
                AND c.date_fin_dernier_mandat >= ref.as_of AND c.date_fin_dernier_mandat < ref.as_of + interval '6 months')::int AS mandates,
            (SELECT as_of::text FROM ref) AS as_of,
            (SELECT (as_of + interval '6 months')::date::text FROM ref) AS until`,
    p.values,
  );
  return {
    since: t.lastVisitAt,
    dvf: { newSales: r?.new_sales ?? 0, sinceDate: r?.dvf_since ?? null, latestDate: latest.dvf },
    dpe: { newPassoires: r?.new_passoires ?? 0, sinceDate: r?.dpe_since ?? null, latestDate: latest.dpe },
    copro: { mandatesEnding: r?.mandates ?? 0, asOf: r?.as_of ?? null, until: r?.until ?? null },
  };
}

function userId(req: { user?: { id: string } }): string {
  if (!req.user) throw new HttpError(401, 'Connexion requise.');
  return req.user.id;
}

export function zoneRoutes({ db }: { db: Db }): Router {
  const router = Router();

  router.get('/zone/mine', requireSubscriber, async (req, res) => {
    const t = await readTerritory(db, userId(req));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ territory: t ? territoryDto(t) : null });
  });

  router.put('/zone/mine', requireSubscriber, async (req, res) => {
    const input = territoryInputSchema.parse(req.body ?? {});
    const issues = input.geometry ? validateZoneGeometry(input.geometry).map((message) => ({ path: 'geometry', message })) : [];
    for (const insee of input.communes)
      if (!communeInfo(insee)) issues.push({ path: 'communes', message: `Commune inconnue\u00a0: ${insee}.` });
    if (issues.length) throw new HttpError(400, issues[0]?.message ?? 'Zone invalide.', issues);
    const id = userId(req);
    await saveTerritory(db, id, input);
    const t = await readTerritory(db, id);
    res.json({ territory: t ? territoryDto(t) : null });
  });

  router.delete('/zone/mine', requireSubscriber, async (req, res) => {
    if (!(await deleteTerritory(db, userId(req)))) throw new HttpError(404, 'Aucune zone enregistrée.');
    res.status(204).end();
  });

  router.get('/zone/mine/changes', requireSubscriber, async (req, res) => {
    const t = await readTerritory(db, userId(req));
    if (!t) throw new HttpError(404, 'Aucune zone enregistrée.');
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await territoryChanges(db, t));
  });

  // The dashboard was shown: the next visit counts from what the zone holds now.
  router.post('/zone/mine/seen', requireSubscriber, async (req, res) => {
    const id = userId(req);
    const t = await readTerritory(db, id);
    if (!t) throw new HttpError(404, 'Aucune zone enregistrée.');
    const latest = await newestDates(db, territoryZone(t));
    await db.query(
      'UPDATE user_territories SET last_visit_at = now(), seen_dvf_date = $2::date, seen_dpe_date = $3::date WHERE user_id = $1',
      [id, latest.dvf, latest.dpe],
    );
    res.status(204).end();
  });

  return router;
}
