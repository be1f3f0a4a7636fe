/**
 * `GET /api/map3d` (subscribers): the data of the 3D price map. Sections come from the outlines
 * the cadastre import computes (`cadastre_sections`); their median €/m² over the period is
 * computed from the sales within the plausibility bounds (METHODOLOGY §1.6), houses and flats,
 * and left null under MIN_SALES sales. The default period is the 3 years ending with the newest
 * sale held for the commune (map3dPeriod), said to the day. `?combine=1` adds the sales (outliers
 * marked) and DPE as points.
 */

import { type Map3dResponse, map3dQuerySchema } from '@immoloupe/shared/map3d/contracts';
import { map3dPeriod } from '@immoloupe/shared/map3d/map3d.logic';
import { MIN_SALES } from '@immoloupe/shared/market/stats.logic';
import { Router } from 'express';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db } from '../../db/client.js';
import { communeInfo } from '../../places/commune-info.js';

/** Points drawn at most per layer: beyond that the map is unreadable anyway. */
const MAX_POINTS = 5000;

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
    ).map((c) => {
      const info = communeInfo(c.code);
      return { code: c.code, name: info?.nom ?? c.code, codesPostaux: info?.codesPostaux ?? [], sales: Number(c.sales) };
    });
    const commune = q.commune ?? communes[0]?.code ?? null;
    const empty: Map3dResponse = {
      communes,
      commune,
      from: null,
      to: null,
      newest: null,
      defaultPeriod: true,
      sections: { type: 'FeatureCollection', features: [] },
      sales: [],
      dpe: [],
    };
    if (!commune) {
      res.json(empty);
      return;
    }
    const [latest] = await db.query<{ newest: string | null }>(
      `SELECT to_char(max(date_mutation), 'YYYY-MM-DD') AS newest FROM dvf_sales WHERE code_commune = $1`,
      [commune],
    );
    const newest = latest?.newest ?? null;
    const defaultPeriod = q.from === undefined && q.to === undefined;
    const period = map3dPeriod(q, newest);
    const from = period?.from ?? null;
    const to = period?.to ?? null;
    // The month bounds let the (code_section, month) index narrow the rows; the days are exact.
    const range = [from ?? '1900-01-01', to ?? '1900-01-01'];
    const rows = await db.query<{ code: string; section: string; geometry: unknown; sales: number; median: number | null }>(
      `SELECT cs.code_section AS code, cs.section, cs.geometry, count(s.id_mutation) AS sales,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY s.prix_m2) AS median
       FROM cadastre_sections cs
       LEFT JOIN dvf_sales s ON s.code_section = cs.code_section AND s.within_bounds AND s.code_type_local IN (1, 2)
         AND s.month >= date_trunc('month', $2::date) AND s.month <= $3::date AND s.date_mutation BETWEEN $2::date AND $3::date
       WHERE cs.code_commune = $1 GROUP BY cs.code_section, cs.section, cs.geometry ORDER BY cs.code_section`,
      [commune, ...range],
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
      // Outliers too, marked: the map draws them apart, as the transactions list marks them.
      sales = (
        await db.query<{ lon: number; lat: number; price: number; ppm2: number; date: string; outlier: boolean }>(
          `SELECT longitude AS lon, latitude AS lat, valeur_fonciere AS price, prix_m2 AS ppm2,
                  to_char(date_mutation, 'YYYY-MM-DD') AS date, NOT within_bounds AS outlier
           FROM dvf_sales WHERE code_commune = $1 AND latitude IS NOT NULL
             AND month >= date_trunc('month', $2::date) AND month <= $3::date AND date_mutation BETWEEN $2::date AND $3::date
           ORDER BY date_mutation DESC LIMIT $4`,
          [commune, ...range, MAX_POINTS],
        )
      ).map((s) => ({
        lon: s.lon,
        lat: s.lat,
        price: Number(s.price),
        pricePerM2: Math.round(Number(s.ppm2)),
        date: s.date,
        outlier: s.outlier,
      }));
      dpe = await db.query<Map3dResponse['dpe'][number]>(
        `SELECT longitude AS lon, latitude AS lat, etiquette_dpe AS label FROM dpe
         WHERE code_insee_ban = $1 AND latitude IS NOT NULL AND etiquette_dpe IS NOT NULL ORDER BY date_etablissement DESC LIMIT $2`,
        [commune, MAX_POINTS],
      );
    }
    res
      .set('Cache-Control', 'private, max-age=60')
      .json({ communes, commune, from, to, newest, defaultPeriod, sections, sales, dpe } satisfies Map3dResponse);
  });
  return router;
}
