/**
 * `GET /api/map3d` (subscribers): the data of the 3D price map. Sections come from the outlines
 * the cadastre import computes (`cadastre_sections`); their median €/m² over the period is
 * computed from the sales within the plausibility bounds (METHODOLOGY §1.6), houses and flats,
 * and left null under MIN_SALES sales. `?combine=1` adds the sales and DPE as points.
 */

import { type Map3dResponse, map3dQuerySchema } from '@immoloupe/shared/map3d/contracts';
import { MIN_SALES } from '@immoloupe/shared/market/stats.logic';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { communeName } from '../market/communes.js';

/** Points drawn at most per layer: beyond that the map is unreadable anyway. */
const MAX_POINTS = 5000;
/** Default period: the 36 months ending with the newest sale held for the commune. */
const DEFAULT_MONTHS = 36;

const monthStart = (m: string) => `${m}-01`;

export function map3dRoutes(deps: { db: Db }): Router {
  const { db } = deps;
  const router = Router();
  router.get('/map3d', requireSubscriber, async (req, res) => {
    const q = map3dQuerySchema.parse(req.query);
    const combine = req.query.combine === '1';
    const communes = (
      await db.query<{ code: string; sales: number }>(
        `SELECT c.code_commune AS code,
                (SELECT count(*) FROM dvf_sales s WHERE s.code_commune = c.code_commune AND s.within_bounds) AS sales
         FROM (SELECT DISTINCT code_commune FROM cadastre_sections) c ORDER BY 2 DESC, 1`,
      )
    ).map((c) => ({ code: c.code, name: communeName(c.code), sales: Number(c.sales) }));
    const commune = q.commune ?? communes[0]?.code ?? null;
    const empty: Map3dResponse = {
      communes,
      commune,
      from: null,
      to: null,
      sections: { type: 'FeatureCollection', features: [] },
      sales: [],
      dpe: [],
    };
    if (!commune) {
      res.json(empty);
      return;
    }
    const [latest] = await db.query<{ to: string | null }>(
      `SELECT to_char(max(month), 'YYYY-MM') AS to FROM dvf_sales WHERE code_commune = $1 AND within_bounds`,
      [commune],
    );
    const to = q.to ?? latest?.to ?? null;
    const from =
      q.from ??
      (to
        ? ((
            await db.query<{ from: string }>(`SELECT to_char($1::date - make_interval(months => $2), 'YYYY-MM') AS from`, [
              monthStart(to),
              DEFAULT_MONTHS - 1,
            ])
          )[0]?.from ?? null)
        : null);
    const rows = await db.query<{ code: string; section: string; geometry: unknown; sales: number; median: number | null }>(
      `SELECT cs.code_section AS code, cs.section, cs.geometry, count(s.id_mutation) AS sales,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY s.prix_m2) AS median
       FROM cadastre_sections cs
       LEFT JOIN dvf_sales s ON s.code_section = cs.code_section AND s.within_bounds AND s.code_type_local IN (1, 2)
         AND s.month >= $2::date AND s.month <= $3::date
       WHERE cs.code_commune = $1 GROUP BY cs.code_section, cs.section, cs.geometry ORDER BY cs.code_section`,
      [commune, from ? monthStart(from) : '1900-01-01', to ? monthStart(to) : '1900-01-01'],
    );
    const sections: Map3dResponse['sections'] = {
      type: 'FeatureCollection',
      features: rows.map((r) => ({
        type: 'Feature',
        id: r.code,
        geometry: typeof r.geometry === 'string' ? JSON.parse(r.geometry) : r.geometry,
        properties: {
          code: r.code,
          section: r.section,
          sales: Number(r.sales),
          median: Number(r.sales) >= MIN_SALES && r.median !== null ? Math.round(Number(r.median)) : null,
        },
      })),
    };
    let sales: Map3dResponse['sales'] = [];
    let dpe: Map3dResponse['dpe'] = [];
    if (combine && from && to) {
      sales = (
        await db.query<{ lon: number; lat: number; price: number; ppm2: number; date: string }>(
          `SELECT longitude AS lon, latitude AS lat, valeur_fonciere AS price, prix_m2 AS ppm2, date_mutation AS date
           FROM dvf_sales WHERE code_commune = $1 AND within_bounds AND latitude IS NOT NULL
             AND month >= $2::date AND month <= $3::date ORDER BY date_mutation DESC LIMIT $4`,
          [commune, monthStart(from), monthStart(to), MAX_POINTS],
        )
      ).map((s) => ({ lon: s.lon, lat: s.lat, price: Number(s.price), pricePerM2: Math.round(Number(s.ppm2)), date: s.date }));
      dpe = await db.query<Map3dResponse['dpe'][number]>(
        `SELECT longitude AS lon, latitude AS lat, etiquette_dpe AS label FROM dpe
         WHERE code_insee_ban = $1 AND latitude IS NOT NULL AND etiquette_dpe IS NOT NULL ORDER BY date_etablissement DESC LIMIT $2`,
        [commune, MAX_POINTS],
      );
    }
    res.set('Cache-Control', 'private, max-age=60').json({ communes, commune, from, to, sections, sales, dpe } satisfies Map3dResponse);
  });
  return router;
}
