/**
 * The market API, subscriber-only: `GET /api/market/stats` (METHODOLOGY §1 figures of a zone and
 * period), `GET /api/market/analysis` (the whole report of /pro/analysemarche) and
 * `GET /api/market/communes` (the commune picker).
 */
import { communeLabels } from '@immoloupe/shared/commune-label';
import { parisIsoDate } from '@immoloupe/shared/format';
import type { communeNamingSchema } from '@immoloupe/shared/market/contracts';
import {
  MAX_RENT_COMMUNES,
  type MarketAnalysis,
  type MarketStatsResponse,
  marketStatsQuerySchema,
  ROOM_BANDS,
  type Zone,
  zoneOf,
} from '@immoloupe/shared/market/contracts';
import { PROPERTY_TYPES, type PropertyType, TYPE_CODES } from '@immoloupe/shared/market/dvf';
import { resolvePeriod } from '@immoloupe/shared/market/period.logic';
import { histogram, type StatSummary } from '@immoloupe/shared/market/stats.logic';
import { Router } from 'express';
import { z } from 'zod';
import { requireSubscriber } from '../../auth/guards.js';
import type { Db, Queryable } from '../../db/client.js';
import type { SalesFilter } from '../../db/dvf-sales.js';
import { HttpError } from '../../http/errors.js';
import { communeInfo, communeName, departementName, departementOf, searchCommunes } from '../../places/commune-info.js';
import { withRecordedCodes } from '../../places/communes.js';
import { rentReferences } from '../rents/index.js';
import { communesOfZone, dvfFreshness, pricesPerM2, readBounds, statsBy, statsBySection, statsWithMonthly } from './queries.js';

const EMPTY: StatSummary = { count: 0, median: null, mean: null, q1: null, q3: null };

function coordinate(n: number): string {
  return new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 5, maximumFractionDigits: 5 }).format(n);
}

/** A commune's name and postcodes (a former commune's, the commune it is part of); an unknown code keeps the code as its name. */
function communeNaming(insee: string): z.infer<typeof communeNamingSchema> {
  const c = communeInfo(insee);
  return { insee, nom: c?.nom ?? insee, codesPostaux: c?.codesPostaux ?? [], ...(c?.mergedInto ? { mergedInto: c.mergedInto } : {}) };
}

export function zoneLabel(zone: Zone, address?: string): string {
  switch (zone.kind) {
    case 'communes':
      // Named by their postcodes, as the commune pickers name them: an INSEE code reads as a postcode.
      return communeLabels(zone.insee.map(communeNaming))
        .map((o) => o.label)
        .join(', ');
    case 'sections':
      return zone.sections.map((s) => `section ${s.slice(8).replace(/^0/, '')} de ${communeName(s.slice(0, 5))}`).join(', ');
    case 'radius':
      return `Rayon de ${new Intl.NumberFormat('fr-FR').format(zone.radius)} m autour ${
        address ? `de ${address}` : `du point ${coordinate(zone.lat)} / ${coordinate(zone.lon)}`
      }`;
  }
}

type AskedFilter = Omit<SalesFilter, 'from' | 'to'> & {
  zone: Zone;
  from?: string | undefined;
  to?: string | undefined;
  address?: string | undefined;
};

/** Validates a stats/analysis query: 400 with French issues, or the filter and its zone. */
function parseFilter(query: unknown): AskedFilter {
  const q = marketStatsQuerySchema.parse(query);
  const zone = zoneOf(q);
  if (typeof zone === 'string') throw new HttpError(400, zone);
  return { zone, from: q.from, to: q.to, types: q.types, natures: q.natures, address: q.adresse || undefined };
}

async function zoneDto(db: Queryable, zone: Zone, address?: string) {
  const communes = await communesOfZone(db, zone);
  return {
    dto: { kind: zone.kind, label: zoneLabel(zone, address), communes: communes.map(communeNaming) },
    communes,
  };
}

/** The zone, its freshness and the period: the one asked for, or the default that ends at the zone's newest sale. */
async function zoneAndPeriod(db: Queryable, f: AskedFilter) {
  const zone = await zoneDto(db, f.zone, f.address);
  const freshness = await dvfFreshness(db, zone.communes);
  const period = resolvePeriod(f, freshness.lastMutationDate, parisIsoDate(new Date()));
  return { zone, freshness, filter: { ...f, ...period }, defaultPeriod: !f.from || !f.to };
}

export async function marketStats(db: Queryable, asked: AskedFilter): Promise<MarketStatsResponse> {
  const { zone, freshness, filter: f, defaultPeriod } = await zoneAndPeriod(db, asked);
  const [{ overall, monthly }, bounds] = await Promise.all([statsWithMonthly(db, f), readBounds(db)]);
  return {
    ...overall,
    zone: zone.dto,
    from: f.from,
    to: f.to,
    defaultPeriod,
    types: [...f.types],
    natures: [...f.natures],
    bounds,
    monthly,
    freshness,
  };
}

const TYPE_OF_CODE_SQL = `CASE s.code_type_local ${PROPERTY_TYPES.map((t) => `WHEN ${TYPE_CODES[t]} THEN '${t}'`).join(' ')} END`;
const ROOM_BAND_SQL = `CASE WHEN s.nombre_pieces_principales >= 5 THEN '5+' WHEN s.nombre_pieces_principales >= 1 THEN s.nombre_pieces_principales::text END`;
/** Comparisons list at most this many communes (a radius may touch many). */
const MAX_COMPARED_COMMUNES = 5;

export async function marketAnalysis(db: Queryable, asked: AskedFilter): Promise<MarketAnalysis> {
  const { zone, freshness, filter: f, defaultPeriod } = await zoneAndPeriod(db, asked);
  const departements = [...new Set(zone.communes.map(departementOf))];
  const comparedCommunes = f.zone.kind === 'communes' ? [] : zone.communes.slice(0, MAX_COMPARED_COMMUNES);
  const [main, byType, byRooms, prices, sections, bounds, communeStats, depStats] = await Promise.all([
    statsWithMonthly(db, f),
    statsBy(db, f, TYPE_OF_CODE_SQL),
    statsBy(db, f, ROOM_BAND_SQL),
    pricesPerM2(db, f),
    statsBySection(db, f),
    readBounds(db),
    comparedCommunes.length ? statsBy(db, { ...f, zone: { kind: 'communes', insee: comparedCommunes } }, 's.code_commune') : new Map(),
    statsBy(db, { ...f, zone: { kind: 'departements', codes: departements } }, 's.code_departement'),
  ]);
  const rentCommunes = zone.communes.slice(0, MAX_RENT_COMMUNES);
  const rents = await Promise.all(
    rentCommunes.map(async (insee) => ({ insee, name: communeName(insee), references: await rentReferences(db, insee) })),
  );
  return {
    zone: zone.dto,
    from: f.from,
    to: f.to,
    defaultPeriod,
    types: [...f.types],
    natures: [...f.natures],
    bounds,
    overall: main.overall,
    byType: f.types.map((type: PropertyType) => ({ type, ...(byType.get(type) ?? EMPTY) })),
    byRooms: ROOM_BANDS.map((rooms) => ({ rooms, ...(byRooms.get(rooms) ?? EMPTY) })),
    monthly: main.monthly,
    histogram: histogram(prices),
    sections: sections.map((s) => ({ ...s, section: s.code.slice(8).replace(/^0/, '') })),
    comparisons: [
      ...comparedCommunes.map((code) => ({
        level: 'commune' as const,
        code,
        label: communeName(code),
        ...(communeStats.get(code) ?? EMPTY),
      })),
      ...departements.map((code) => {
        const stats = depStats.get(code) ?? EMPTY;
        // The same sales as the zone: the base holds nothing else of the département, which the row must say.
        const onlyZone = departements.length === 1 && stats.count > 0 && stats.count === main.overall.count;
        return {
          level: 'departement' as const,
          code,
          label: `${departementName(code)} (${code})${onlyZone ? ', dont seule la zone est importée' : ''}`,
          ...stats,
        };
      }),
    ],
    rents,
    freshness,
  };
}

const communeSearchQuery = z.object({ q: z.string().trim().min(1, 'Tapez au moins un caractère.').max(80) });

export function marketRoutes({ db }: { db: Db }): Router {
  const router = Router();
  router.get('/market/stats', requireSubscriber, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await marketStats(db, parseFilter(req.query)));
  });
  router.get('/market/analysis', requireSubscriber, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await marketAnalysis(db, parseFilter(req.query)));
  });
  router.get('/market/communes', requireSubscriber, (req, res) => {
    const { q } = communeSearchQuery.parse(req.query);
    res.json(
      searchCommunes(q).map((c) => ({
        insee: c.insee,
        nom: c.nom,
        departement: c.departement,
        codesPostaux: c.codesPostaux,
        ...(c.mergedInto ? { mergedInto: c.mergedInto } : {}),
      })),
    );
  });
  router.get('/market/communes/:insee/centre', requireSubscriber, async (req, res) => {
    const insee = String(req.params.insee).toUpperCase();
    if (!/^(\d{5}|2[AB]\d{3})$/.test(insee)) throw new HttpError(400, 'Code INSEE invalide (5 caractères, ex. 93010).');
    // The mean position of the commune's geolocated sales, else of its parcels: where its market is.
    const [row] = await db.query<{ lon: number | null; lat: number | null; n: number }>(
      `SELECT avg(longitude) AS lon, avg(latitude) AS lat, count(*)::int AS n FROM dvf_mutations WHERE code_commune = ANY($1::text[]) AND latitude IS NOT NULL`,
      [withRecordedCodes([insee])],
    );
    let center = row && row.n > 0 ? { lon: row.lon as number, lat: row.lat as number } : null;
    if (!center) {
      const [p] = await db.query<{ lon: number | null; lat: number | null }>(
        'SELECT avg(centroid_lon) AS lon, avg(centroid_lat) AS lat FROM parcels WHERE code_commune = $1',
        [insee],
      );
      center = p?.lon != null && p.lat != null ? { lon: p.lon, lat: p.lat } : null;
    }
    if (!center) throw new HttpError(404, `Aucune donnée importée pour la commune ${insee}\u00a0: impossible de la situer.`);
    res.json({ insee, nom: communeName(insee), ...center });
  });

  return router;
}
